ALTER TABLE "delivery_details" ADD COLUMN "delivery_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "return_recorded_at" timestamp with time zone;--> statement-breakpoint
-- When existing hand-outs and returns were written was never kept: their business moments stand in,
-- capped at now (a return dated on a later day was written no later than this migration, and must
-- not make every hand-out of its unit until that day look stale).
UPDATE "delivery_details" SET "delivery_recorded_at" = LEAST("datetime_delivery", now()) WHERE "datetime_delivery" IS NOT NULL;--> statement-breakpoint
UPDATE "delivery_details" SET "return_recorded_at" = LEAST("datetime_return", now()) WHERE "datetime_return" IS NOT NULL;
