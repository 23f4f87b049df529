/**
 * Device status vocabulary and its display mapping (fleets spec §3 Device, §4 States,
 * compat §5.7). Pure data and functions shared by the API (computed fields, heartbeat job)
 * and the dashboard (dots, chips, metric bars).
 */

/** Colour tokens, named as the dashboard's theme palette names them. */
export type StatusColor = 'success' | 'info' | 'warning' | 'error' | 'neutral';

export const OVERALL_STATUSES = [
  'configuring',
  'operational',
  'inactive',
  'post-provisioning',
  'updating',
  'reduced-functionality',
  'disconnected',
] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

export const OVERALL_STATUS_DISPLAY: Record<OverallStatus, { label: string; color: StatusColor }> = {
  operational: { label: 'Online', color: 'success' },
  updating: { label: 'Updating', color: 'info' },
  configuring: { label: 'Configuring', color: 'warning' },
  'post-provisioning': { label: 'Post provisioning', color: 'warning' },
  'reduced-functionality': { label: 'Reduced functionality', color: 'warning' },
  disconnected: { label: 'Offline', color: 'error' },
  inactive: { label: 'Inactive', color: 'neutral' },
};

export function isOverallStatus(value: unknown): value is OverallStatus {
  return typeof value === 'string' && (OVERALL_STATUSES as readonly string[]).includes(value);
}

/** Display for any overall_status string; unknown values fall back to a neutral chip. */
export function overallStatusDisplay(status: string | null | undefined): { label: string; color: StatusColor } {
  return isOverallStatus(status) ? OVERALL_STATUS_DISPLAY[status] : { label: status ?? 'Unknown', color: 'neutral' };
}

export const HEARTBEAT_STATES = ['online', 'offline', 'timeout', 'unknown'] as const;
export type HeartbeatState = (typeof HEARTBEAT_STATES)[number];

export const HEARTBEAT_DISPLAY: Record<HeartbeatState, { label: string; color: StatusColor }> = {
  online: { label: 'Online', color: 'success' },
  timeout: { label: 'Timeout', color: 'warning' },
  offline: { label: 'Offline', color: 'error' },
  unknown: { label: 'Unknown', color: 'neutral' },
};

export const CLOUDLINK_STATES = ['connected', 'disconnected'] as const;
export type CloudlinkState = (typeof CLOUDLINK_STATES)[number];

/** The cloudlink indicator is the device's `is_online` (fleets spec §3: is_online = cloudlink). */
export function cloudlinkState(isOnline: boolean | null | undefined): CloudlinkState {
  return isOnline ? 'connected' : 'disconnected';
}

export const CLOUDLINK_DISPLAY: Record<CloudlinkState, { label: string; color: StatusColor }> = {
  connected: { label: 'Connected', color: 'success' },
  disconnected: { label: 'Disconnected', color: 'error' },
};

/** Values of device.update_status (compat §6.1), plus `none` for a device that reported none. */
export const UPDATE_STATUSES = ['rejected', 'downloading', 'downloaded', 'applying changes', 'aborted', 'done'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];
export type UpdateStatusOrNone = UpdateStatus | 'none';

/**
 * When several releases report an update_status in one state PATCH, the device's status is
 * the most significant one: a failure beats work in progress beats completion.
 */
const UPDATE_STATUS_PRECEDENCE: readonly UpdateStatus[] = [
  'rejected',
  'aborted',
  'applying changes',
  'downloading',
  'downloaded',
  'done',
];

export function isUpdateStatus(value: unknown): value is UpdateStatus {
  return typeof value === 'string' && (UPDATE_STATUSES as readonly string[]).includes(value);
}

/** The highest-precedence valid status among `statuses`, or null when there is none. */
export function highestPrecedenceUpdateStatus(statuses: Iterable<unknown>): UpdateStatus | null {
  let best: UpdateStatus | null = null;
  for (const s of statuses) {
    if (!isUpdateStatus(s)) continue;
    if (best === null || UPDATE_STATUS_PRECEDENCE.indexOf(s) < UPDATE_STATUS_PRECEDENCE.indexOf(best)) best = s;
  }
  return best;
}

export const UPDATE_STATUS_DISPLAY: Record<UpdateStatusOrNone, { label: string; color: StatusColor }> = {
  rejected: { label: 'Rejected', color: 'error' },
  aborted: { label: 'Aborted', color: 'error' },
  downloading: { label: 'Downloading', color: 'info' },
  downloaded: { label: 'Downloaded', color: 'info' },
  'applying changes': { label: 'Applying changes', color: 'info' },
  done: { label: 'Done', color: 'success' },
  none: { label: 'None', color: 'neutral' },
};

/** Container (image_install) status colour, fleets spec §4: running or idle green, stopped red, others blue. */
export function containerStatusColor(status: string | null | undefined): StatusColor {
  const s = (status ?? '').toLowerCase();
  if (s === 'running' || s === 'idle') return 'success';
  if (s === 'stopped') return 'error';
  return 'info';
}

/** Downloading and updating containers show a progress bar (fleets spec §4 Container status). */
export function containerShowsProgress(status: string | null | undefined): boolean {
  const s = (status ?? '').toLowerCase();
  return s === 'downloading' || s === 'updating' || s === 'installing';
}

/** Metric bar colour, fleets spec "Status colours": ≤ 60 % success, ≤ 80 % warning, else error. */
export function metricBarColor(percent: number): 'success' | 'warning' | 'error' {
  if (percent <= 60) return 'success';
  if (percent <= 80) return 'warning';
  return 'error';
}

/** Usage as a percentage of total, 0 when total is unknown or zero; clamped to 0–100. */
export function usagePercent(usage: number | null | undefined, total: number | null | undefined): number {
  if (!usage || !total || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((usage / total) * 100)));
}

export interface OverallStatusInput {
  is_active: boolean;
  provisioning_state?: string | null;
  provisioning_progress?: number | null;
  api_heartbeat_state: string;
  is_connected_to_vpn?: boolean | null;
  /** Set once the device has ever linked: then only one of link and heartbeat being up is reduced functionality. */
  last_vpn_event?: unknown;
  last_connectivity_event?: unknown;
  status?: string | null;
  download_progress?: number | null;
  /** True when any image_install of the device is downloading (progress set or status Downloading). */
  has_downloading_image?: boolean;
}

/**
 * overall_status from the device's fields, in the order open-balena applies its rules
 * (compat §5.7), the device link playing the VPN's part — the same rules as the API's SQL
 * (apps/api/src/model/resources/device-status.ts). A device that never linked is judged by its
 * heartbeat alone.
 */
export function computeOverallStatus(d: OverallStatusInput): OverallStatus {
  if (!d.is_active) return 'inactive';
  if (d.provisioning_state === 'Post-Provisioning') return 'post-provisioning';
  const vpn = d.is_connected_to_vpn === true;
  if (!vpn && d.last_connectivity_event == null && d.api_heartbeat_state === 'unknown') return 'configuring';
  if (!vpn && (d.api_heartbeat_state === 'offline' || d.api_heartbeat_state === 'unknown')) return 'disconnected';
  if ((d.download_progress != null && d.status === 'Downloading') || d.has_downloading_image) return 'updating';
  if (d.provisioning_progress != null) return 'configuring';
  if (d.api_heartbeat_state === 'timeout') return 'reduced-functionality';
  if (d.last_vpn_event != null && vpn !== (d.api_heartbeat_state === 'online')) return 'reduced-functionality';
  return 'operational';
}
