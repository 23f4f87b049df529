/**
 * The device metrics of a state report (`PATCH /device/v3/state`, compat §5.4) that the API
 * stores at most once per device per METRICS_WINDOW_SECONDS (issue 16, workload W3).
 *
 * Why a window: a fleet's supervisors report every few seconds while anything changes (status,
 * download progress), and each report may carry fresh readings; writing those on every report
 * would cost a row write per report for figures the dashboard shows as a gauge. The balena
 * supervisor itself sends metrics only at intervals (and only significant changes), and
 * open-balena throttles them again on the server, for 60 s (`METRICS_MAX_REPORT_INTERVAL_SECONDS`):
 * the same window here, so a balena fleet sees the same freshness. Within the window the newer
 * readings are dropped, not queued; the first report after it writes its own, the newest.
 * Only readings wait: a null (the supervisor stops measuring: hardware metrics turned off; it
 * sends the nulls once, never again) and the first reading into an empty column (a new device,
 * or measuring again) are written at once, so no gauge stays wrong or empty for a window.
 */
export const METRICS_WINDOW_SECONDS = 60;

/**
 * The readings that change by themselves, minute to minute. open-balena's list also holds
 * memory_total, storage_total and storage_block_device; they are not throttled here, because the
 * supervisor sends a diff and never repeats a value it has delivered: a dropped total (after a
 * resize, say) would stay wrong until it changed again, whereas a dropped reading is replaced by
 * the next one. They change about never, so writing them when they do costs nothing. cpu_id and
 * is_undervolted (a health warning) are not metrics in either list.
 */
export const THROTTLED_METRIC_FIELDS = ['memory_usage', 'storage_usage', 'cpu_usage', 'cpu_temp'] as const;

export type ThrottledMetricField = (typeof THROTTLED_METRIC_FIELDS)[number];

export const isThrottledMetric = (field: string): field is ThrottledMetricField => (THROTTLED_METRIC_FIELDS as readonly string[]).includes(field);
