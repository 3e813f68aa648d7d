CREATE TABLE "customer_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_windows_order" CHECK ("customer_windows"."starts_at" <= "customer_windows"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "customer_windows" ADD CONSTRAINT "customer_windows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_windows_customer_idx" ON "customer_windows" USING btree ("customer_id","ends_at");--> statement-breakpoint
-- Every customer registered so far has had one window, from the registration to its end.
INSERT INTO "customer_windows" ("customer_id", "starts_at", "ends_at") SELECT "id", least("created_at", "valid_until"), "valid_until" FROM "customers";
