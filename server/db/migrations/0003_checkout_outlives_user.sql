ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;