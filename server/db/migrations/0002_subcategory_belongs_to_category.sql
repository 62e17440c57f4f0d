CREATE UNIQUE INDEX "subcategories_id_category_key" ON "subcategories" USING btree ("id","category_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_category_fk" FOREIGN KEY ("subcategory_id","category_id") REFERENCES "public"."subcategories"("id","category_id") ON DELETE restrict ON UPDATE cascade;
