/**
 * Device location (fleets spec §2 "Device location", §5 "Location", §8 "errors.
 * device_location_not_determined"): a device is placed by the location it reports (latitude,
 * longitude) unless a custom one is set (custom_latitude, custom_longitude, the SDK's
 * setCustomLocation; unset is both empty). All four are strings on the wire.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface DeviceLocationFields {
  latitude: string | null;
  longitude: string | null;
  custom_latitude: string | null;
  custom_longitude: string | null;
}

export type LocationMode = 'automatic' | 'manual';

/** A coordinate typed by a user or stored as text: a finite number in range, else null. */
export function parseCoordinate(text: string | null | undefined, axis: 'latitude' | 'longitude'): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  if (!/^\s*-?\d+(\.\d+)?\s*$/.test(text)) return null;
  const n = Number(text);
  const limit = axis === 'latitude' ? 90 : 180;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

function pair(latitude: string | null, longitude: string | null): Coordinates | null {
  const lat = parseCoordinate(latitude, 'latitude');
  const lon = parseCoordinate(longitude, 'longitude');
  return lat === null || lon === null ? null : { latitude: lat, longitude: lon };
}

/** The custom location when one is set, else null. */
export function customLocation(device: DeviceLocationFields): Coordinates | null {
  return pair(device.custom_latitude, device.custom_longitude);
}

/** The location the device reports, or null: "device location not determined". */
export function reportedLocation(device: DeviceLocationFields): Coordinates | null {
  return pair(device.latitude, device.longitude);
}

/** Where the device is shown: its custom location, else the reported one. */
export function effectiveLocation(device: DeviceLocationFields): Coordinates | null {
  return customLocation(device) ?? reportedLocation(device);
}

/** The mode the location page opens in: manual when a custom location is set. */
export function currentLocationMode(device: DeviceLocationFields): LocationMode {
  return customLocation(device) ? 'manual' : 'automatic';
}

export interface LocationDraft {
  mode: LocationMode;
  latitude: string;
  longitude: string;
}

export type LocationSave =
  | { canSave: true; patch: { custom_latitude: string; custom_longitude: string } }
  | { canSave: false; reason: 'unchanged' | 'bothRequired' | 'invalid' };

/**
 * Whether the draft may be saved and what it writes (§5: both numbers required; disabled while
 * nothing changed). Manual writes the custom pair; automatic unsets it (both empty).
 */
export function locationSave(device: DeviceLocationFields, draft: LocationDraft): LocationSave {
  const current = customLocation(device);
  if (draft.mode === 'automatic') {
    return current === null ? { canSave: false, reason: 'unchanged' } : { canSave: true, patch: { custom_latitude: '', custom_longitude: '' } };
  }
  if (draft.latitude.trim() === '' || draft.longitude.trim() === '') return { canSave: false, reason: 'bothRequired' };
  const latitude = parseCoordinate(draft.latitude, 'latitude');
  const longitude = parseCoordinate(draft.longitude, 'longitude');
  if (latitude === null || longitude === null) return { canSave: false, reason: 'invalid' };
  if (current && current.latitude === latitude && current.longitude === longitude) return { canSave: false, reason: 'unchanged' };
  return { canSave: true, patch: { custom_latitude: String(latitude), custom_longitude: String(longitude) } };
}
