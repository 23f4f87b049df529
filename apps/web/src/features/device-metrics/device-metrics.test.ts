import { describe, expect, it } from 'vitest';
import { metricBarColor } from '@flotilla/core/device-status';
import { hasNoMetrics, metricRows } from './device-metrics.ts';

const none = { cpu_usage: null, cpu_temp: null, memory_usage: null, memory_total: null, storage_usage: null, storage_total: null };

describe('metricRows', () => {
  it('turns the reported values into percentages, coloured by the spec (≤ 60 success, ≤ 80 warning, above error)', () => {
    const rows = metricRows({ cpu_usage: 61, cpu_temp: 50, memory_usage: 600, memory_total: 1000, storage_usage: 81, storage_total: 100 });
    expect(rows.map((r) => [r.key, r.percent, metricBarColor(r.percent)])).toEqual([
      ['cpu', 61, 'warning'],
      ['memory', 60, 'success'],
      ['storage', 81, 'error'],
    ]);
  });

  it('shows nothing reported as an empty bar, and clamps out-of-range values', () => {
    expect(metricRows(none).map((r) => r.percent)).toEqual([0, 0, 0]);
    expect(metricRows({ ...none, cpu_usage: 140 })[0]!.percent).toBe(100);
    expect(hasNoMetrics(none)).toBe(true);
    expect(hasNoMetrics({ ...none, cpu_temp: 40 })).toBe(false);
  });
});
