import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DeviceIdentity } from './device.ts';

/**
 * Persisted identities (uuid, device key, device id, addresses) so a restarted simulator
 * comes back as the same devices instead of registering new ones.
 */
interface StateFile {
  version: 1;
  devices: DeviceIdentity[];
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newIdentity(): DeviceIdentity {
  const mac = [0x02, ...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0')).join(':');
  return {
    // The supervisor generates a 32-hex uuid and a random key on first boot (compat §5.2 step 1).
    uuid: randomBytes(16).toString('hex'),
    apiKey: Array.from({ length: 32 }, () => ALNUM[randomInt(ALNUM.length)]).join(''),
    ipAddress: `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`,
    macAddress: mac,
  };
}

function isIdentity(v: unknown): v is DeviceIdentity {
  const o = v as Partial<DeviceIdentity> | null;
  return !!o && typeof o.uuid === 'string' && typeof o.apiKey === 'string' && typeof o.ipAddress === 'string' && typeof o.macAddress === 'string';
}

export function loadIdentities(path: string): DeviceIdentity[] {
  if (!existsSync(path)) return [];
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StateFile>;
  return Array.isArray(parsed.devices) ? parsed.devices.filter(isIdentity) : [];
}

/** Written to a temporary file and renamed, so a crash never leaves half a file. */
export function saveIdentities(path: string, devices: DeviceIdentity[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const body: StateFile = { version: 1, devices };
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(body, null, 2));
  renameSync(tmp, path);
}

/** The first `count` stored identities, topped up with new ones; the full list keeps unused ones. */
export function takeIdentities(stored: DeviceIdentity[], count: number): { used: DeviceIdentity[]; all: DeviceIdentity[] } {
  const all = [...stored];
  while (all.length < count) all.push(newIdentity());
  return { used: all.slice(0, count), all };
}
