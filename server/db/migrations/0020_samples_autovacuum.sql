-- The answer retention (ADR 0044) deletes about 1/180 of monitoring_samples a day: autovacuum's default
-- (vacuum once 20% of the rows are dead) would let the table carry up to a fifth more than it holds.
-- At 2% the space freed is reused within a few days (docs/benchmarks/retention.md).
ALTER TABLE "monitoring_samples" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);
