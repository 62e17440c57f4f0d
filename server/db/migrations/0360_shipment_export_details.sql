-- The courier's CSB-V details of a parcel shipped abroad: the shipping bill's number and date and the port code, which
-- GSTR-1's export section (table 6A) reports beside the invoice. Empty for a domestic order.
ALTER TABLE "orders" ADD COLUMN "shipment_port_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_bill_number" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_bill_date" text;
