// Where the demo's simulated devices are. A real device's automatic location comes from a
// GeoIP lookup of the public address it reports from (GEOIP_URL, apps/api/src/devices/
// device-geolocation.ts); every simulated device reports from 127.0.0.1, which has no place,
// so the demo map would stay empty. Instead each demo device states, once per start and as
// itself (its own device key, through the public API, where compat lets a device write its
// reported fields), what such a lookup would have found for a device in one of these cities:
// latitude, longitude and "City, Country", the same three fields in the same form. Only the
// demo does this (`npm start`); a simulator pointed at a real fleet sends nothing of the kind.

/** Cities on several continents, so the fleet map spreads out; device i is in DEMO_PLACES[i % length]. */
export const DEMO_PLACES = [
  { city: 'Amsterdam', country: 'Netherlands', latitude: 52.3676, longitude: 4.9041 },
  { city: 'Nairobi', country: 'Kenya', latitude: -1.2921, longitude: 36.8219 },
  { city: 'São Paulo', country: 'Brazil', latitude: -23.5558, longitude: -46.6396 },
  { city: 'Osaka', country: 'Japan', latitude: 34.6937, longitude: 135.5023 },
  { city: 'Vancouver', country: 'Canada', latitude: 49.2827, longitude: -123.1207 },
  { city: 'Melbourne', country: 'Australia', latitude: -37.8136, longitude: 144.9631 },
  { city: 'Reykjavík', country: 'Iceland', latitude: 64.1466, longitude: -21.9426 },
  { city: 'Pune', country: 'India', latitude: 18.5204, longitude: 73.8567 },
] as const;

/** The device fields a GeoIP lookup of a device in `place` sets. */
export function demoLocation(place: (typeof DEMO_PLACES)[number]): { latitude: string; longitude: string; location: string } {
  return { latitude: String(place.latitude), longitude: String(place.longitude), location: `${place.city}, ${place.country}` };
}

/** Each provisioned device, as itself, sets its demo location (`PATCH /v7/device(id)` with its device key). */
export async function placeDemoDevices(api: string, devices: ReadonlyArray<{ deviceId?: number; apiKey: string }>): Promise<void> {
  // A few at a time: DEMO_DEVICES may be thousands.
  for (let start = 0; start < devices.length; start += 20) await placeBatch(api, devices.slice(start, start + 20), start);
}

async function placeBatch(api: string, devices: ReadonlyArray<{ deviceId?: number; apiKey: string }>, offset: number): Promise<void> {
  await Promise.all(
    devices.map(async ({ deviceId, apiKey }, j) => {
      const i = offset + j;
      if (deviceId === undefined) return;
      const res = await fetch(`${api}/v7/device(${deviceId})`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(demoLocation(DEMO_PLACES[i % DEMO_PLACES.length]!)),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`demo location of device ${deviceId}: ${res.status}`);
    }),
  );
}
