CREATE TABLE "pairing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"totem_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"minted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "pairing_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "totems" DROP CONSTRAINT "totems_pairing_code_hash_unique";--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_totem_id_totems_id_fk" FOREIGN KEY ("totem_id") REFERENCES "public"."totems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_minted_by_totems_id_fk" FOREIGN KEY ("minted_by") REFERENCES "public"."totems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_codes_one_pending_per_totem" ON "pairing_codes" USING btree ("totem_id") WHERE "pairing_codes"."used_at" is null and "pairing_codes"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "pairing_codes_minted_by_idx" ON "pairing_codes" USING btree ("minted_by");--> statement-breakpoint
-- Codes still pending in the old columns move over. Who minted them was never recorded (null reads
-- as the command line), so they keep at most the new default life (15 min) from now.
INSERT INTO "pairing_codes" ("totem_id", "code_hash", "minted_by", "expires_at")
SELECT "id", "pairing_code_hash", NULL, LEAST("pairing_code_expires_at", now() + interval '15 minutes')
FROM "totems"
WHERE "pairing_code_hash" IS NOT NULL AND "pairing_code_expires_at" > now();--> statement-breakpoint
ALTER TABLE "totems" DROP COLUMN "pairing_code_hash";--> statement-breakpoint
ALTER TABLE "totems" DROP COLUMN "pairing_code_expires_at";