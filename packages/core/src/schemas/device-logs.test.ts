import { describe, expect, it } from 'vitest';
import { fleetLogReadQuery, logReadQuery } from './device-logs.ts';

describe('logReadQuery (compat §4)', () => {
  it('reads stream, count (a number or all) and start (epoch ms or ISO)', () => {
    expect(logReadQuery.parse({ stream: '1', count: '100' })).toEqual({ stream: true, count: 100 });
    expect(logReadQuery.parse({ count: 'all', start: '1700000000000' })).toEqual({ count: null, start: new Date(1_700_000_000_000) });
    expect(logReadQuery.parse({ start: '2026-01-01T00:00:00Z' }).start).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(logReadQuery.parse({ stream: 'false' }).stream).toBe(false);
  });

  it('refuses what is not a count or a date', () => {
    for (const bad of [{ count: '-1' }, { count: 'lots' }, { count: '1e3' }, { start: 'yesterday' }, { start: '+275760-09-13T00:00:00Z' }, { start: '8640000000000000' }, { stream: 'yes' }]) {
      expect(logReadQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('fleetLogReadQuery', () => {
  it('reads comma-separated service ids and device uuids', () => {
    const uuid = 'a'.repeat(32);
    expect(fleetLogReadQuery.parse({ service: '1, 22,', device: `${uuid},${'b'.repeat(32)}` })).toEqual({ service: [1, 22], device: [uuid, 'b'.repeat(32)] });
  });

  it('refuses ids that are not ids', () => {
    expect(fleetLogReadQuery.safeParse({ service: 'main' }).success).toBe(false);
    expect(fleetLogReadQuery.safeParse({ device: "x' OR 1=1" }).success).toBe(false);
    expect(fleetLogReadQuery.safeParse({ service: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }).success).toBe(false);
  });
});
