-- Peak usage (accounts spec §3 "Billing usage: currentUsage, peakUsage", §7 GET …/usage
-- "returns peakUsage and currentUsage per member role"): the most an organization used of each
-- usage key (member:<seat role>, device:any) on each UTC day, kept by apps/api/src/billing/usage-peaks.ts
-- from the hourly billing run and from every usage read. The peak of a billing period is the
-- largest of its days.
CREATE TABLE usage_daily_peak (
  organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  day date NOT NULL,
  usage_key text NOT NULL CHECK (length(usage_key) <= 64),
  peak integer NOT NULL CHECK (peak >= 0),
  PRIMARY KEY (organization, day, usage_key)
);
