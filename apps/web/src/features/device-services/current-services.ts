import { containerShowsProgress, containerStatusColor, type StatusColor } from '@flotilla/core/device-status';
import type { DeviceServiceRow } from './api/device-services.queries.ts';

/** A row of the services card: what it shows of one image install (fleets spec §2, §4 Container status). */
export interface ServiceLine {
  id: number;
  /** The image the container runs (the supervisor's start/stop/restart-service name it by imageId); null when not readable. */
  imageId: number | null;
  serviceName: string;
  status: string;
  color: StatusColor;
  /** Downloading and installing show a bar (fleets spec §4 Container status). */
  showsProgress: boolean;
  /** The reported percentage, 0–100; null when the device reported none (the bar is indeterminate). */
  percent: number | null;
  release: { id: number; commit: string; rawVersion: string } | null;
}

function clampPercent(value: number | null): number | null {
  return value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
}

/**
 * The card's lines, by service name and, for one service, the newer release first (during an
 * update a service has two installs: the running one and the one downloading). A progress bar
 * only for the statuses that have one; without a reported percentage it claims none.
 */
export function serviceLines(rows: readonly DeviceServiceRow[]): ServiceLine[] {
  return rows
    .map((r): ServiceLine => {
      const rel = r.is_provided_by__release[0];
      return {
        id: r.id,
        imageId: r.installs__image[0]?.id ?? null,
        serviceName: r.installs__image[0]?.is_a_build_of__service[0]?.service_name ?? '—',
        status: r.status,
        color: containerStatusColor(r.status),
        showsProgress: containerShowsProgress(r.status),
        percent: containerShowsProgress(r.status) ? clampPercent(r.download_progress) : null,
        release: rel ? { id: rel.id, commit: rel.commit, rawVersion: rel.raw_version } : null,
      };
    })
    .sort((a, b) => a.serviceName.localeCompare(b.serviceName) || (b.release?.id ?? 0) - (a.release?.id ?? 0) || a.id - b.id);
}
