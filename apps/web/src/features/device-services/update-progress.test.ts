import { describe, expect, it } from 'vitest';
import { updateProgressShown } from './update-progress.ts';

describe('updateProgressShown (fleets spec §2 update status, §4 progress)', () => {
  it('shows the overall progress of an updating device, rounded and clamped', () => {
    expect(updateProgressShown({ overall_status: 'updating', overall_progress: 37 })).toEqual({ percent: 37 });
    expect(updateProgressShown({ overall_status: 'updating', overall_progress: 120 })).toEqual({ percent: 100 });
  });

  it('claims no number when the device is updating without one, or applying changes', () => {
    expect(updateProgressShown({ overall_status: 'updating', overall_progress: null })).toEqual({ percent: null });
    expect(updateProgressShown({ overall_status: 'operational', overall_progress: null, update_status: 'applying changes' })).toEqual({ percent: null });
    expect(updateProgressShown({ overall_status: 'operational', overall_progress: null, update_status: 'downloading' })).toEqual({ percent: null });
  });

  it('shows nothing once the update is done, failed, or for an idle device', () => {
    for (const update_status of ['done', 'rejected', 'aborted', 'downloaded', null]) {
      expect(updateProgressShown({ overall_status: 'operational', overall_progress: null, update_status })).toBeNull();
    }
    expect(updateProgressShown({ overall_status: 'disconnected', overall_progress: null })).toBeNull();
  });
});
