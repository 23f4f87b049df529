import { deviceTopic, fleetDevicesTopic } from '@flotilla/core/schemas/live-events';

/**
 * Which push topic keeps a cached query fresh (schemas/live-events.ts): a device's detail
 * (`deviceKeys.detail(uuid)`) hears `device:<uuid>`, a page of a fleet's device list
 * (`deviceKeys.page(fleetId, params)`) hears `fleet:<id>:devices`. Matched by the keys' shape
 * rather than by importing the devices feature, which imports this module for its polling
 * interval; live-topics.test.ts checks the shapes against deviceKeys.
 */
export function topicOfQueryKey(key: readonly unknown[]): string | undefined {
  if (key[0] !== 'devices') return undefined;
  if (key[1] === 'detail' && typeof key[2] === 'string') return deviceTopic(key[2]);
  if (key[1] === 'fleet' && typeof key[2] === 'number' && key[3] === 'page') return fleetDevicesTopic(key[2]);
  return undefined;
}

/** The query string of GET /live/v1/events for a set of topics. */
export function topicsQuery(topics: Iterable<string>): string {
  const query = new URLSearchParams();
  for (const topic of topics) {
    const device = /^device:([0-9a-f]+)$/.exec(topic);
    const fleet = /^fleet:(\d+):devices$/.exec(topic);
    if (device) query.append('device', device[1]!);
    else if (fleet) query.append('fleet', fleet[1]!);
  }
  return query.toString();
}
