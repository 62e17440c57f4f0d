-- A quote's line names the size and colour asked for (as a cart line does), so the order paid from it carries them.
-- Empty: the product comes in none, or the line was asked for before lines had them.
ALTER TABLE "quote_lines" ADD COLUMN "size" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "colour" text DEFAULT '' NOT NULL;
