-- An invoice of goods shipped out of India: whether it is zero-rated under the LUT (WOPAY) or with IGST (WPAY), fixed
-- when it is issued, with the LUT's ARN, the shop's IEC and the destination country as they were then (null when
-- domestic).
ALTER TABLE "invoices" ADD COLUMN "export" jsonb;
