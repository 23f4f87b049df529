import { describe, expect, it } from 'vitest';
import { deviceKeys } from '../../features/devices/api/devices.queries.ts';
import { topicOfQueryKey, topicsQuery } from './live-topics.ts';

const uuid = 'a'.repeat(32);
const params = { page: 1, pageSize: 50, sort: { field: 'name', direction: 'asc' as const }, filters: [] };

describe('topicOfQueryKey', () => {
  it("maps the devices feature's detail and page keys to their push topics, and nothing else", () => {
    expect(topicOfQueryKey(deviceKeys.detail(uuid))).toBe(`device:${uuid}`);
    expect(topicOfQueryKey(deviceKeys.page(7, params))).toBe('fleet:7:devices');
    expect(topicOfQueryKey(deviceKeys.byFleet(7))).toBeUndefined();
    expect(topicOfQueryKey(['fleets', 'detail', 7])).toBeUndefined();
  });

  it('builds the events query from topics', () => {
    expect(topicsQuery([`device:${uuid}`, 'fleet:7:devices', 'bogus'])).toBe(`device=${uuid}&fleet=7`);
  });
});
