-- Issue #11: Idempotency-Key on order creation, where the caller may be a guest or a customer, not
-- only a totem. Keys are scoped by `scope` ('totem:{id}', 'user:{id}', 'guest'); the kiosk's keys
-- in flight keep working under their totem's scope.
ALTER TABLE "idempotency_keys" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "scope" = 'totem:' || "totem_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_totem_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "totem_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key");
