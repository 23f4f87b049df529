import { describe, expect, it } from 'vitest';
import {
  LOG_BUFFER_LINES,
  appendLogLines,
  filterLogLines,
  formatLogTime,
  logDownloadFileName,
  logRetryDelay,
  logStreamCount,
} from './device-log-client.ts';

describe('device log stream client rules (fleets spec §2 Logs panel, §4, §8, §9)', () => {
  it('asks for 100 lines when the stream opens and 0 when it reopens', () => {
    expect(logStreamCount(false)).toBe(100);
    expect(logStreamCount(true)).toBe(0);
  });

  it('retries after 1 s, after 10 s for a 503 or a network failure, never for a refusal', () => {
    expect(logRetryDelay({ kind: 'ended' })).toBe(1000);
    expect(logRetryDelay({ kind: 'status', status: 500 })).toBe(1000);
    expect(logRetryDelay({ kind: 'status', status: 502 })).toBe(1000);
    expect(logRetryDelay({ kind: 'status', status: 429 })).toBe(1000);
    expect(logRetryDelay({ kind: 'status', status: 503 })).toBe(10_000);
    expect(logRetryDelay({ kind: 'network' })).toBe(10_000);
    expect(logRetryDelay({ kind: 'status', status: 404 })).toBeNull();
    expect(logRetryDelay({ kind: 'status', status: 403 })).toBeNull();
  });

  it('keeps at most 5000 lines, dropping the oldest', () => {
    const first = Array.from({ length: 4990 }, (_, i) => i);
    const next = appendLogLines(first, Array.from({ length: 20 }, (_, i) => 4990 + i));
    expect(next).toHaveLength(LOG_BUFFER_LINES);
    expect(next[0]).toBe(10);
    expect(next.at(-1)).toBe(5009);
    // A burst bigger than the cap keeps its own newest lines.
    const burst = appendLogLines([1, 2], Array.from({ length: 7 }, (_, i) => 10 + i), 5);
    expect(burst).toEqual([12, 13, 14, 15, 16]);
    expect(appendLogLines([1, 2], [3], 5)).toEqual([1, 2, 3]);
  });

  it('searches messages and service names case-insensitively, and filters by service', () => {
    const lines = [
      { message: 'Supervisor starting', serviceName: null },
      { message: 'Connected to Broker', serviceName: 'main' },
      { message: 'Cache refreshed', serviceName: 'worker' },
    ];
    expect(filterLogLines(lines, '')).toHaveLength(3);
    expect(filterLogLines(lines, '  broker ').map((l) => l.message)).toEqual(['Connected to Broker']);
    expect(filterLogLines(lines, 'WORK').map((l) => l.message)).toEqual(['Cache refreshed']);
    expect(filterLogLines(lines, '', 'main').map((l) => l.message)).toEqual(['Connected to Broker']);
    expect(filterLogLines(lines, 'cache', 'main')).toEqual([]);
    expect(filterLogLines(lines, 'nothing like it')).toEqual([]);
  });

  it('names a download from uuid, type and time, lowercased and safe for file systems', () => {
    const at = new Date('2026-11-27T09:16:46.123Z');
    expect(logDownloadFileName('ABCDEF0123', 'RaspberryPi4-64', at)).toBe('abcdef0123-raspberrypi4-64-2026-11-27t09-16-46z.log');
    expect(logDownloadFileName('abc', 'a/b c', at)).toBe('abc-a-b-c-2026-11-27t09-16-46z.log');
  });

  it('formats a line time in UTC or local time', () => {
    const ms = Date.UTC(2026, 10, 27, 9, 5, 7, 42);
    expect(formatLogTime(ms, true)).toBe('2026-11-27 09:05:07.042Z');
    const local = new Date(ms);
    expect(formatLogTime(ms, false)).toBe(
      `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}:07.042`,
    );
    expect(formatLogTime(Number.NaN, true)).toBe('');
  });
});
