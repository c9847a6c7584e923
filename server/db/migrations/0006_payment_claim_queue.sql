ALTER TABLE "orders" ADD COLUMN "payment_claim_totem_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_claim_attempt" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_claim_totem_id_totems_id_fk" FOREIGN KEY ("payment_claim_totem_id") REFERENCES "public"."totems"("id") ON DELETE no action ON UPDATE no action;