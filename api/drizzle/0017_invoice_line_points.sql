ALTER TABLE "invoice_lines" ADD COLUMN "points" bigint;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "participating" boolean;--> statement-breakpoint
-- Backfill: the lines of invoices approved before this migration (approved, or approved and later cancelled) get the
-- points their invoice credited (base plus accelerator bonus), spread over the participating lines by their value so
-- that the lines add up to the invoice exactly (each line takes the rounded-down share of its running total less the
-- lines before it). Participation is the catalogue's now, the best that is known; when no line of a credited invoice
-- takes part any more, every line carries the share, as every line must have been the one that earned it.
WITH line AS (
  SELECT l.id, l.invoice_id, l.position, l.total, coalesce(p.active, false) AS active, i.points + i.bonus_points AS credited
  FROM invoice_lines l
  JOIN invoices i ON i.id = l.invoice_id
  LEFT JOIN products p ON p.sku = l.sku
  WHERE i.status IN ('approved', 'cancelled') AND l.points IS NULL
), marked AS (
  SELECT line.*, active OR (credited > 0 AND NOT bool_or(active) OVER (PARTITION BY invoice_id)) AS participating
  FROM line
), weighed AS (
  SELECT id, participating, credited,
    sum(CASE WHEN participating THEN total ELSE 0 END) OVER (PARTITION BY invoice_id ORDER BY position) AS upto,
    sum(CASE WHEN participating THEN total ELSE 0 END) OVER (PARTITION BY invoice_id ORDER BY position) -
      CASE WHEN participating THEN total ELSE 0 END AS before,
    sum(CASE WHEN participating THEN total ELSE 0 END) OVER (PARTITION BY invoice_id) AS whole
  FROM marked
)
UPDATE invoice_lines SET
  participating = weighed.participating,
  points = CASE WHEN weighed.whole > 0
    THEN floor(weighed.credited::numeric * weighed.upto / weighed.whole)::bigint
      - floor(weighed.credited::numeric * weighed.before / weighed.whole)::bigint
    ELSE 0 END
FROM weighed
WHERE invoice_lines.id = weighed.id;
