ALTER TABLE "tokens" ADD COLUMN "demo_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sessions of the demo kiosks from before the column: which pairing gave each is not recorded, and
-- their codes were published, so every one counts as a demo pairing (a device re-paired with a
-- one-time code pairs once more after a production start).
UPDATE "tokens" SET "demo_code" = true WHERE "totem_id" IN (SELECT "id" FROM "totems" WHERE "code" IN ('BARD-01', 'BARD-02', 'BARD-03', 'SEST-01'));
