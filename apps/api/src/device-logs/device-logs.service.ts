import type { FastifyBaseLogger } from 'fastify';
import type { DeviceLogLine } from '@flotilla/core/schemas/device-protocol';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../live/event-bus.ts';
import type { LogDevice } from './device-logs-access.ts';
import { insertDeviceLogLines, type DeviceLogInsert } from './device-logs.repository.ts';
import { publishLogLines } from './device-logs.live.ts';

/** Lines without a usable timestamp take the server's time of arrival. */
export function parseLogLines(lines: DeviceLogLine[], now = new Date()): DeviceLogInsert[] {
  return lines.map((line) => ({ ...line, timestamp: line.timestamp ?? now }));
}

export interface LogStore {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/**
 * Stores one batch of a device's lines, then tells live readers (any API process). The store is
 * what acknowledges a line; a failed publish only costs live readers a line they will see on
 * their next history read, so it is logged, not thrown.
 */
export async function storeDeviceLogLines(s: LogStore, device: LogDevice, lines: DeviceLogLine[]): Promise<number> {
  const stored = await insertDeviceLogLines(s.db, device, parseLogLines(lines));
  try {
    await publishLogLines(s.bus, device.fleetId, stored);
  } catch (err) {
    s.log.warn({ err, device: device.uuid }, 'publishing live log lines failed');
  }
  return stored.length;
}
