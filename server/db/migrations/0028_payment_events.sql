CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"session_id" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "provider" text DEFAULT 'simulator' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "provider_url" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_session_idx" ON "payment_sessions" USING btree ("provider_session_id");