ALTER TABLE "orders" drop column "number";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text GENERATED ALWAYS AS (lpad(shop_id::text, 2, '0') || '-' || lpad(id::text, 7, '0')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");
