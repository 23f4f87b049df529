import { isLocalModeOn } from '@flotilla/core/device-actions';
import { isContainerEnterable, terminalAvailability, terminalTargetKey, type TerminalAvailability, type TerminalTarget } from '@flotilla/core/terminal';
import type { DeviceServiceRow } from '../device-services/api/device-services.queries.ts';

/** One tab of the terminal card (fleets spec §2 "one tab per target", §3 "Terminal session"). */
export interface TerminalTab {
  key: string;
  target: TerminalTarget;
  /** The tab's label: "Host OS" is translated, a service shows its name. */
  serviceName: string | null;
  availability: TerminalAvailability;
  /**
   * The image install of the running container (§3 "service with install id"): when it changes
   * (a restart, a new release), the session reattaches (§4).
   */
  installId: number | null;
}

/** What the tabs read of the device. */
export interface TerminalDeviceFacts {
  os_version: string | null;
  is_connected_to_vpn: boolean;
  device_config_variable: ReadonlyArray<{ name: string; value: string }>;
}

/**
 * The host OS tab, then one per service of the device's current containers by name, each with
 * the start rules of core terminal.ts applied (§5). A service with several installs (during an
 * update) is entered through its running one.
 */
export function terminalTabs(device: TerminalDeviceFacts, services: readonly DeviceServiceRow[], permissions: { canSsh: boolean; canSshHost: boolean }): TerminalTab[] {
  const isInLocalMode = isLocalModeOn(device.device_config_variable);
  const base = { os_version: device.os_version, isInLocalMode, is_connected_to_vpn: device.is_connected_to_vpn };
  const host: TerminalTarget = { kind: 'host' };
  const tabs: TerminalTab[] = [{ key: terminalTargetKey(host), target: host, serviceName: null, availability: terminalAvailability(host, { ...base, isPermitted: permissions.canSshHost }), installId: null }];
  const byName = new Map<string, DeviceServiceRow[]>();
  for (const row of services) {
    const name = row.installs__image[0]?.is_a_build_of__service[0]?.service_name;
    if (name) byName.set(name, [...(byName.get(name) ?? []), row]);
  }
  for (const name of [...byName.keys()].sort((a, b) => a.localeCompare(b))) {
    const rows = byName.get(name)!;
    const running = rows.find((r) => isContainerEnterable(r.status));
    const target: TerminalTarget = { kind: 'service', serviceName: name };
    tabs.push({
      key: terminalTargetKey(target),
      target,
      serviceName: name,
      availability: terminalAvailability(target, { ...base, isPermitted: permissions.canSsh, containerStatus: (running ?? rows.at(-1))?.status ?? null }),
      installId: running?.id ?? null,
    });
  }
  return tabs;
}
