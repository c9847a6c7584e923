CREATE TABLE "cashier_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"totem_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"date" text NOT NULL,
	"orders_count" integer NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specific_product_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"specific_product_id" integer NOT NULL,
	"totem_id" integer,
	"order_id" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_totem_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_log" jsonb;--> statement-breakpoint
ALTER TABLE "cashier_closings" ADD CONSTRAINT "cashier_closings_totem_id_totems_id_fk" FOREIGN KEY ("totem_id") REFERENCES "public"."totems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_closings" ADD CONSTRAINT "cashier_closings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_product_problems" ADD CONSTRAINT "specific_product_problems_specific_product_id_specific_products_id_fk" FOREIGN KEY ("specific_product_id") REFERENCES "public"."specific_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specific_product_problems_sp_idx" ON "specific_product_problems" USING btree ("specific_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_details_out_idx" ON "delivery_details" USING btree ("specific_product_id") WHERE datetime_delivery IS NOT NULL AND datetime_return IS NULL;--> statement-breakpoint
ALTER TABLE "totems" ADD CONSTRAINT "totems_pairing_code_hash_unique" UNIQUE("pairing_code_hash");