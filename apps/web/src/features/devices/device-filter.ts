import type { DeviceRow } from '../../lib/model.ts';

/** Case-insensitive "contains" over name, uuid, status, OS, release and IP. */
export function filterDevices(devices: readonly DeviceRow[], filter: string): DeviceRow[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...devices];
  return devices.filter((d) =>
    [d.device_name, d.uuid, d.overall_status, d.os_version, d.ip_address, d.is_running__release[0]?.raw_version, d.is_of__device_type[0]?.name]
      .filter((v): v is string => typeof v === 'string')
      .some((v) => v.toLowerCase().includes(needle)),
  );
}
