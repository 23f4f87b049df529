import { UPDATE_STATUS_DISPLAY, isUpdateStatus } from '@flotilla/core/device-status';

/**
 * Display rules of the summary card's fields (fleets spec §2 Device summary, §4 Device toggles).
 */

/** The update status to show, or null ("—") when the device reported none. */
export function updateStatusShown(status: string | null | undefined) {
  return isUpdateStatus(status) ? { status, ...UPDATE_STATUS_DISPLAY[status] } : null;
}

/** A support grant is active only while its expiry is in the future: the date, or null ("No"). */
export function supportAccessUntil(expiry: string | null | undefined, now: number = Date.now()): string | null {
  if (!expiry) return null;
  const at = new Date(expiry).getTime();
  return Number.isNaN(at) || at <= now ? null : expiry;
}

/** The device's public URL, `https://<uuid>.<deviceUrlsBase>`, or null without a base to build it on. */
export function devicePublicUrl(uuid: string, deviceUrlsBase: string | null | undefined): string | null {
  const base = deviceUrlsBase?.trim().replace(/^\.+|\/+$/g, '');
  return base ? `https://${uuid}.${base}` : null;
}
