ALTER TABLE "booking_requests" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ALTER COLUMN "phone" DROP NOT NULL;