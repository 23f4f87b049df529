import type { OsUpdateLinkBody } from '@flotilla/core/schemas/os-update';
import type { Rng } from './metrics.ts';

/**
 * A simulated host OS update (balenaOS "hup"), as a device shows it: the new OS image
 * downloads with progress, is written ("applying changes"), the device reboots into it and
 * comes back reporting the new os_version. The progress travels in the state report as the
 * host application's release (`apps[<host app uuid>].releases[<commit>].update_status`, as the
 * supervisor reports its host app), so the API's update_status follows it.
 */

export type HostOsUpdatePhase = 'downloading' | 'downloaded' | 'applying changes' | 'rebooting' | 'done';

export interface HostOsUpdate {
  targetVersion: string;
  type: OsUpdateLinkBody['type'];
  appUuid: string | null;
  commit: string | null;
  phase: HostOsUpdatePhase;
  progress: number;
}

export function startHostOsUpdate(body: OsUpdateLinkBody): HostOsUpdate {
  return { targetVersion: body.target_version, type: body.type, appUuid: body.app_uuid ?? null, commit: body.release_uuid ?? null, phase: 'downloading', progress: 0 };
}

/** Still going (a finished update may be replaced by a new one). */
export function isHostOsUpdateActive(update: HostOsUpdate | null): boolean {
  return update !== null && update.phase !== 'done';
}

/** One step: download in chunks, then downloaded, then applying changes, then reboot. */
export function advanceHostOsUpdate(update: HostOsUpdate, rng: Rng): HostOsUpdate {
  switch (update.phase) {
    case 'downloading': {
      const progress = Math.min(100, update.progress + 20 + Math.round(rng() * 30));
      return { ...update, progress, phase: progress >= 100 ? 'downloaded' : 'downloading' };
    }
    case 'downloaded':
      return { ...update, phase: 'applying changes' };
    case 'applying changes':
      return { ...update, phase: 'rebooting' };
    default:
      return update;
  }
}

/** The os_version the device reports once running the target (`2.115.1+rev1.prod` → `balenaOS 2.115.1+rev1`). */
export function osVersionOf(targetVersion: string): string {
  return `balenaOS ${targetVersion.replace(/[.+](prod|dev)$/, '')}`;
}

/** The host app's entry of the state report's `apps`, or null when there is nothing to say. */
export function hostAppReport(update: HostOsUpdate | null): Record<string, unknown> | null {
  if (!update?.appUuid || !update.commit) return null;
  // While the device reboots it reports nothing; the last word before was "applying changes".
  const status = update.phase === 'rebooting' ? 'applying changes' : update.phase;
  return {
    [update.appUuid]: {
      releases: { [update.commit]: { update_status: status, services: {} } },
    },
  };
}
