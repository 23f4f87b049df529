/**
 * When a device's update shows a progress bar, and with which percentage (fleets spec §2 Device
 * summary "update status", §4 Container status "downloading and updating show a progress bar
 * and percent"). The API computes overall_status `updating` while an image downloads and
 * overall_progress as the least-advanced download (compat §5.7); while the new release is being
 * applied there is no percentage, so the bar is indeterminate rather than a made-up number.
 */
export interface UpdateProgressInput {
  overall_status: string;
  overall_progress: number | null;
  update_status?: string | null;
}

/** null: no bar; otherwise the bar's percentage (null = indeterminate). */
export function updateProgressShown(d: UpdateProgressInput): { percent: number | null } | null {
  if (d.overall_status === 'updating') {
    return { percent: d.overall_progress === null ? null : Math.max(0, Math.min(100, Math.round(d.overall_progress))) };
  }
  if (d.update_status === 'downloading' || d.update_status === 'applying changes') return { percent: null };
  return null;
}
