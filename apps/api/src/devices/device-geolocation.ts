import { BlockList, isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { setDeviceGeolocation } from './device-state.repository.ts';

/**
 * A device's automatic location (fleets spec §3 Device: latitude, longitude, location), as
 * balena finds it: from a GeoIP lookup of the public address it reports from. No state field
 * carries a location, so the API looks the address up itself when it changes (the state
 * report records it, device-state.service.ts), and only when GEOIP_URL names a service.
 *
 * - Outbound only to that URL: `{ip}` is the only part filled in, redirects are refused.
 * - Never in the report's way: lookups run after the answer, a few at a time, each with a
 *   short timeout and a bounded body; a device is queued once however often it reports.
 * - Failures (timeout, an error status, a body that is not the expected JSON) are logged and
 *   ignored: the device keeps the location it had.
 * - Private, loopback and link-local addresses have no public location: never sent.
 * - A manual location (custom_latitude/longitude) is separate and always wins on screen.
 */

/** How long one lookup may take, body included. */
export const GEOIP_TIMEOUT_MS = 3000;
/** Lookups at once; more wait in the queue (a service's rate limit is per client). */
const GEOIP_CONCURRENCY = 4;
/** An ip-api answer is a few hundred bytes; anything larger is not one. */
const GEOIP_MAX_BODY = 16 * 1024;

/** The ip-api-compatible answer (`{status, lat, lon, city, country}`), only the fields used. */
const geoIpAnswer = z.object({
  status: z.string(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  city: z.string().max(200).optional(),
  country: z.string().max(200).optional(),
});

export interface Geolocation {
  latitude: string;
  longitude: string;
  /** "City, Country" as far as known; null when the service names neither. */
  location: string | null;
}

/** Addresses no GeoIP service can place (RFC 1918, loopback, link-local, CGNAT, unique local, unspecified). */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16], ['100.64.0.0', 10], ['0.0.0.0', 8]] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::1', 128], ['::', 128], ['fc00::', 7], ['fe80::', 10]] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** The address as a device's public address: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as the IPv4 one. */
export function normalizeAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The lookup URL: the template with `{ip}` filled in (encoded, though an address needs none). */
export const geoIpRequestUrl = (template: string, ip: string) => template.replaceAll('{ip}', encodeURIComponent(ip));

/**
 * Asks the service where `ip` is. Null when it answers that it has no location (ip-api's
 * `status: "fail"`, e.g. a reserved range); throws when it cannot be asked or answers anything
 * but the expected JSON.
 */
export async function lookupGeoIp(template: string, ip: string, timeoutMs = GEOIP_TIMEOUT_MS): Promise<Geolocation | null> {
  const res = await fetch(geoIpRequestUrl(template, ip), { redirect: 'error', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GeoIP service answered ${res.status}`);
  if (text.length > GEOIP_MAX_BODY) throw new Error('GeoIP answer too large');
  const answer = geoIpAnswer.safeParse(JSON.parse(text));
  if (!answer.success) throw new Error('GeoIP answer is not ip-api JSON');
  const { status, lat, lon, city, country } = answer.data;
  if (status !== 'success' || lat === undefined || lon === undefined) return null;
  const place = [city, country].filter((part): part is string => part !== undefined && part.trim() !== '').join(', ');
  return { latitude: String(lat), longitude: String(lon), location: place === '' ? null : place };
}

export interface DeviceGeolocator {
  /** Queues a lookup of the device's new public address (no-op without GEOIP_URL or for a private address). */
  locate(deviceId: number, ip: string): void;
  /** Waits for the lookups started and drops those not started (server shutdown). */
  close(): Promise<void>;
}

export function createDeviceGeolocator(options: { db: Db; urlTemplate: string | undefined; log: FastifyBaseLogger; timeoutMs?: number }): DeviceGeolocator {
  const { db, urlTemplate, log, timeoutMs = GEOIP_TIMEOUT_MS } = options;
  if (urlTemplate === undefined) return { locate: () => undefined, close: async () => undefined };
  /** Devices waiting, with the address to look up (the latest wins). */
  const queue = new Map<number, string>();
  const running = new Set<Promise<void>>();
  let isClosed = false;

  const lookUp = async (deviceId: number, ip: string) => {
    try {
      const place = await lookupGeoIp(urlTemplate, ip, timeoutMs);
      if (place === null) {
        log.info({ deviceId }, 'GeoIP: no location for the device address');
        return;
      }
      await setDeviceGeolocation(db, deviceId, ip, place);
    } catch (err) {
      // Logged without the address; the device keeps its location.
      log.warn({ deviceId, reason: err instanceof Error ? err.message : String(err) }, 'GeoIP lookup failed');
    }
  };

  const pump = () => {
    while (!isClosed && running.size < GEOIP_CONCURRENCY) {
      const next = queue.entries().next();
      if (next.done) return;
      const [deviceId, ip] = next.value;
      queue.delete(deviceId);
      const task = lookUp(deviceId, ip).finally(() => {
        running.delete(task);
        pump();
      });
      running.add(task);
    }
  };

  return {
    locate(deviceId, ip) {
      if (isClosed || !isPublicAddress(ip)) return;
      queue.set(deviceId, ip);
      pump();
    },
    async close() {
      isClosed = true;
      queue.clear();
      await Promise.all(running);
    },
  };
}
