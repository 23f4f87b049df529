import { usagePercent } from '@flotilla/core/device-status';

/** The metrics a device reports (fleets spec §3 Device, Metrics), as the device detail holds them. */
export interface DeviceMetricsInput {
  cpu_usage: number | null;
  cpu_temp: number | null;
  memory_usage: number | null;
  memory_total: number | null;
  storage_usage: number | null;
  storage_total: number | null;
}

export interface MetricRow {
  key: 'cpu' | 'memory' | 'storage';
  /** 0–100, for the bar and its colour (metricBarColor). */
  percent: number;
  /** Null when the device has not reported it. */
  used: number | null;
  total: number | null;
}

/** The panel's bars: CPU as reported (a percentage), memory and storage as used over total. */
export function metricRows(d: DeviceMetricsInput): MetricRow[] {
  return [
    { key: 'cpu', percent: d.cpu_usage === null ? 0 : Math.max(0, Math.min(100, Math.round(d.cpu_usage))), used: d.cpu_usage, total: d.cpu_usage === null ? null : 100 },
    { key: 'memory', percent: usagePercent(d.memory_usage, d.memory_total), used: d.memory_usage, total: d.memory_total },
    { key: 'storage', percent: usagePercent(d.storage_usage, d.storage_total), used: d.storage_usage, total: d.storage_total },
  ];
}

/** True until the device's first metrics report. */
export function hasNoMetrics(d: DeviceMetricsInput): boolean {
  return d.cpu_usage === null && d.memory_usage === null && d.storage_usage === null && d.cpu_temp === null;
}
