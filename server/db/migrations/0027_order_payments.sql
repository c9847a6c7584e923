CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"received" numeric(10, 2),
	"reference" text,
	"totem_id" integer,
	"idempotency_key" text,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashier_closings" ADD COLUMN "methods" jsonb;--> statement-breakpoint
ALTER TABLE "cashier_closings" ADD COLUMN "cash_expected" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "cashier_closings" ADD COLUMN "cash_counted" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "cashier_closings" ADD COLUMN "cash_note" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_totem_id_totems_id_fk" FOREIGN KEY ("totem_id") REFERENCES "public"."totems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_totem_paid_idx" ON "order_payments" USING btree ("totem_id","paid_at");--> statement-breakpoint
-- Every desk payment recorded before this table was the terminal's card charge of the whole total.
INSERT INTO "order_payments" ("order_id", "method", "amount", "totem_id", "paid_at")
SELECT "id", 'terminal', "total_amount", "paid_totem_id", "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL AND "paid_totem_id" IS NOT NULL;
