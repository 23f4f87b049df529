import { z } from 'zod';
import * as device from './odata/device.ts';
import * as deviceTag from './odata/device-tag.ts';
import * as deviceConfigVariable from './odata/device-config-variable.ts';

/**
 * The dashboard's push channel (issue 14 §7, DESIGN.md "Live data and scale-out"):
 * `GET /live/v1/events?device=<uuid>&fleet=<id>` answers a Server-Sent Events stream of the
 * changes to those devices and fleets' device lists, from whichever API process wrote them.
 * The session token travels in the Authorization header (fetch streaming), never in the URL.
 */
export const LIVE_EVENTS_PATH = '/live/v1/events';

/** Topics one connection may hold: a page needs a device and a fleet, a few tabs a handful. */
export const LIVE_MAX_TOPICS = 16;

/** A comment line this often keeps proxies from closing an idle stream (and finds dead peers). */
export const LIVE_KEEPALIVE_MS = 25_000;

/** The event bus topics (apps/api/src/live/event-bus.ts): one device, and a fleet's device list. */
export const deviceTopic = (uuid: string) => `device:${uuid}`;
export const fleetDevicesTopic = (fleetId: number) => `fleet:${fleetId}:devices`;

const uuid = z.string().regex(/^[0-9a-f]{32}([0-9a-f]{30})?$/, 'Invalid device uuid');
const fleetId = z.coerce.number().int().positive().max(2_147_483_647);
/** A repeated query parameter arrives as an array, a single one as a string. */
const many = <S extends z.ZodType>(item: S) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const liveEventsQuery = z
  .object({ device: many(uuid), fleet: many(fleetId) })
  .refine((q) => q.device.length + q.fleet.length > 0, { message: 'Name a device or a fleet' })
  .refine((q) => new Set(q.device).size + new Set(q.fleet).size <= LIVE_MAX_TOPICS, {
    message: `At most ${LIVE_MAX_TOPICS} devices and fleets per connection`,
  });
export type LiveEventsQuery = z.output<typeof liveEventsQuery>;

/**
 * What the dashboard shows of a device and may change without a reload: status, connectivity,
 * the list's columns, the summary's scalar fields and the metrics (fleets spec §3 Device,
 * Metrics). Same wire shape as the OData row (`device.row`), so the client merges it as is.
 */
export const LIVE_DEVICE_FIELDS = [
  'id', 'uuid', 'device_name', 'belongs_to__application', 'overall_status', 'overall_progress', 'api_heartbeat_state', 'is_online',
  'is_connected_to_vpn', 'is_active', 'is_frozen', 'last_connectivity_event', 'os_version', 'os_variant', 'supervisor_version',
  'ip_address', 'public_address', 'mac_address', 'update_status', 'last_update_status_event', 'note', 'is_web_accessible',
  'is_accessible_by_support_until__date', 'latitude', 'longitude', 'custom_latitude', 'custom_longitude',
  'cpu_usage', 'cpu_temp', 'memory_usage', 'memory_total', 'storage_usage', 'storage_total', 'is_undervolted',
  // Links only: a client holding them expanded re-reads when the id changes.
  'is_running__release', 'should_be_running__release',
] as const satisfies readonly (keyof z.infer<typeof device.row>)[];

/**
 * Tags pushed per device, by key: the list's chips are the first few, and the summary's tags card
 * compares what it holds with these (a device with more is re-read at the card's own poll).
 */
export const LIVE_DEVICE_TAGS = 20;

/**
 * Besides the fields: the device's first tags by key (`device_tag`, as the list's tags column
 * expands them) and its local mode variables (`device_config_variable` filtered to
 * LOCAL_MODE_VARIABLES, as the device pages expand them), so tag and local mode writes reach
 * other browsers too.
 */
export const liveDevice = device.row
  .pick(Object.fromEntries(LIVE_DEVICE_FIELDS.map((f) => [f, true])) as { [K in (typeof LIVE_DEVICE_FIELDS)[number]]: true })
  .extend({
    device_tag: z.array(deviceTag.row.pick({ tag_key: true, value: true })).max(LIVE_DEVICE_TAGS),
    device_config_variable: z.array(deviceConfigVariable.row.pick({ name: true, value: true })),
  });
export type LiveDevice = z.output<typeof liveDevice>;

/**
 * One pushed change:
 * - `device`: the device's fields after a write; `isNewInFleet` when it just joined the fleet
 *   (created, or moved in), so a list re-reads which rows it holds.
 * - `device-removed`: deleted, or moved out of the fleet whose topic this is (nothing more is
 *   told: the reader of the old fleet may not read the new one).
 * - `fleet-devices-changed`: too many devices of the fleet changed at once to list them (a
 *   batch action); the list re-reads.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('device'), device: liveDevice, isNewInFleet: z.boolean().optional() }),
  z.object({ type: z.literal('device-removed'), uuid: z.string(), id: z.number().int() }),
  z.object({ type: z.literal('fleet-devices-changed'), fleetId: z.number().int() }),
]);
export type LiveEvent = z.output<typeof liveEvent>;

/** The SSE `data:` of a message: the topic it came on and the event. */
export const liveMessage = z.object({ topic: z.string(), event: liveEvent });
export type LiveMessage = z.output<typeof liveMessage>;

/** The first message of a stream, once every topic is subscribed: nothing published later is missed. */
export const liveReady = z.object({ topics: z.array(z.string()) });
