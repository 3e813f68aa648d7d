CREATE TABLE "invoice_months" (
	"month" date NOT NULL,
	"status" "invoice_status" NOT NULL,
	"invoices" bigint NOT NULL,
	"total" bigint NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "invoice_months_month_status_pk" PRIMARY KEY("month","status")
);
--> statement-breakpoint
-- One statement's change to invoice_months: what its new rows add less what its old rows held, per month and status,
-- in one order for every statement (two bulk updates cannot deadlock on these rows). A change that moves nothing
-- (an edit of a note, a review date) writes nothing and locks nothing.
CREATE FUNCTION invoices_months() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_months AS m (month, status, invoices, total, points)
    SELECT date_trunc('month', issued_on)::date, status, count(*), sum(total), sum(points + bonus_points)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status) DO UPDATE
      SET invoices = m.invoices + excluded.invoices, total = m.total + excluded.total, points = m.points + excluded.points;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_months AS m (month, status, invoices, total, points)
    SELECT month, status, sum(n), sum(t), sum(p) FROM (
      SELECT date_trunc('month', issued_on)::date AS month, status, 1 AS n, total AS t, points + bonus_points AS p
      FROM new_rows
      UNION ALL
      SELECT date_trunc('month', issued_on)::date, status, -1, -total, -(points + bonus_points) FROM old_rows
    ) moved
    GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(t) <> 0 OR sum(p) <> 0 ORDER BY 1, 2
    ON CONFLICT (month, status) DO UPDATE
      SET invoices = m.invoices + excluded.invoices, total = m.total + excluded.total, points = m.points + excluded.points;
  ELSE
    INSERT INTO invoice_months AS m (month, status, invoices, total, points)
    SELECT date_trunc('month', issued_on)::date, status, -count(*), -sum(total), -sum(points + bonus_points)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status) DO UPDATE
      SET invoices = m.invoices + excluded.invoices, total = m.total + excluded.total, points = m.points + excluded.points;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_months_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_months();
--> statement-breakpoint
CREATE TRIGGER invoices_months_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_months();
--> statement-breakpoint
CREATE TRIGGER invoices_months_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_months();
--> statement-breakpoint
-- The invoices written before these triggers existed.
INSERT INTO invoice_months (month, status, invoices, total, points)
SELECT date_trunc('month', issued_on)::date, status, count(*), sum(total), sum(points + bonus_points)
FROM invoices GROUP BY 1, 2;
--> statement-breakpoint
-- The ledger's movements that earn nothing (spending, expiry, refunds, manual adjustments): few beside the credits,
-- so the dashboard sums them from this index, and takes the earnings from cycle_points.
CREATE INDEX ledger_entries_not_earning_idx ON ledger_entries (created_at) INCLUDE (kind, amount, source_type)
  WHERE kind IN ('redemption', 'expiry', 'adjustment') OR (kind = 'reversal' AND amount > 0);
