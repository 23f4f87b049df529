-- When a state report last wrote the device's metric columns (memory_usage, storage_usage,
-- cpu_usage, cpu_temp): they are written at most once per device per 60 s (issue 16 W3;
-- @flotilla/core/device-metrics), decided in the report's own UPDATE. Null: never written, so
-- the first report's metrics are stored at once. Nullable and without a default, so adding it
-- rewrites no rows of a large device table.
ALTER TABLE device ADD COLUMN metrics_reported_at timestamptz;
