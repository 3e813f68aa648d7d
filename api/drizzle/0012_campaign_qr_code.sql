-- The secret of each campaign's QR code: taking a campaign needs it besides the id. Campaigns made before this
-- column existed get a random one (their printed QR codes carried no secret and stop working, as they should).
ALTER TABLE "extra_point_campaigns" ADD COLUMN "qr_code" varchar(64);--> statement-breakpoint
UPDATE "extra_point_campaigns" SET "qr_code" = md5(random()::text || "id"::text);--> statement-breakpoint
ALTER TABLE "extra_point_campaigns" ALTER COLUMN "qr_code" SET NOT NULL;
