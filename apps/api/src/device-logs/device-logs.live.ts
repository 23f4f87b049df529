import { z } from 'zod';
import type { DeviceLogLineOut, FleetLogLineOut } from '@flotilla/core/schemas/device-logs';
import type { EventBus } from '../live/event-bus.ts';
import type { StoredLogLine } from './device-logs.repository.ts';

/**
 * Live log lines between API processes (live/event-bus.ts). Lines are stored first and only
 * then published (the bus is at-most-once; a reader that missed some re-reads the table). Each
 * stored batch goes to two topics: `logs:<uuid>` for the device's readers (compat §4
 * `?stream=1`) and `logs:fleet:<fleetId>` for the fleet tail.
 */
export const deviceLogTopic = (uuid: string) => `logs:${uuid}`;
export const fleetLogTopic = (fleetId: number) => `logs:fleet:${fleetId}`;

/** The JSON a batch travels as; checked on receipt (another process, another version: a boundary). */
const busLine = z.object({
  id: z.number(),
  device: z.number(),
  uuid: z.string(),
  message: z.string(),
  timestamp: z.number(),
  createdAt: z.number(),
  isSystem: z.boolean(),
  isStdErr: z.boolean(),
  serviceId: z.number().nullable(),
});
const busBatch = z.object({ lines: z.array(busLine) });
export type BusLogLine = z.output<typeof busLine>;

export function toBusLine(l: StoredLogLine): BusLogLine {
  return { ...l, timestamp: l.timestamp.getTime(), createdAt: l.createdAt.getTime() };
}

/** Parses a payload heard on a log topic; anything else is ignored. */
export function parseBusBatch(payload: unknown): BusLogLine[] {
  const r = busBatch.safeParse(payload);
  return r.success ? r.data.lines : [];
}

export async function publishLogLines(bus: EventBus, fleetId: number | null, lines: StoredLogLine[]): Promise<void> {
  if (lines.length === 0) return;
  const payload = { lines: lines.map(toBusLine) };
  const uuid = lines[0]!.uuid;
  await Promise.all([bus.publish(deviceLogTopic(uuid), payload), fleetId === null ? undefined : bus.publish(fleetLogTopic(fleetId), payload)]);
}

/** The compat shape (§5.5 "Reading side"): serviceId only on container lines. */
export function deviceLineOut(l: BusLogLine): DeviceLogLineOut {
  const out: DeviceLogLineOut = { message: l.message, timestamp: l.timestamp, createdAt: l.createdAt, isSystem: l.isSystem, isStdErr: l.isStdErr };
  if (l.serviceId !== null) out.serviceId = l.serviceId;
  return out;
}

export function fleetLineOut(l: BusLogLine): FleetLogLineOut {
  return { ...deviceLineOut(l), uuid: l.uuid };
}
