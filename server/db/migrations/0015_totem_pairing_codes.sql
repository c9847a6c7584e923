ALTER TABLE "totems" ALTER COLUMN "pairing_code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "totems" ADD COLUMN "pairing_code_expires_at" timestamp with time zone;