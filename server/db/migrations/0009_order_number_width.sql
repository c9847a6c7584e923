-- Issue #11: lpad cut ids past 7 digits (order 10,000,001 became 01-1000000, order 1,000,000's
-- number). The width now grows with the value; numbers of ids below 10 million are unchanged.
-- PostgreSQL 15 cannot change a generated expression in place, so the column is dropped and added
-- again (its values are recomputed), and the unique constraint that went with it is restored.
ALTER TABLE "orders" drop column "number";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text GENERATED ALWAYS AS (lpad(shop_id::text, greatest(2, length(shop_id::text)), '0') || '-' || lpad(id::text, greatest(7, length(id::text)), '0')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");
