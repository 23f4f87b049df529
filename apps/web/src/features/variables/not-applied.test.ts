import { describe, expect, it } from 'vitest';
import { outdatedServices } from './not-applied.ts';

const MAIN = 1;
const WEB = 2;
const R1 = 10;
const R2 = 20;

describe('outdatedServices (fleets spec §8 "Not applied")', () => {
  it('finds none when every service runs the target release', () => {
    const state = { targetReleaseId: R1, installs: [{ serviceId: MAIN, releaseId: R1 }, { serviceId: WEB, releaseId: R1 }] };
    expect([...outdatedServices(state, [MAIN, WEB])]).toEqual([]);
  });

  it('marks a service that runs an older release than the target', () => {
    const state = { targetReleaseId: R2, installs: [{ serviceId: MAIN, releaseId: R1 }, { serviceId: WEB, releaseId: R2 }] };
    expect([...outdatedServices(state, [MAIN, WEB])]).toEqual([MAIN]);
  });

  it('counts a service current while the target release is installed beside the old one (mid-update)', () => {
    const state = { targetReleaseId: R2, installs: [{ serviceId: MAIN, releaseId: R1 }, { serviceId: MAIN, releaseId: R2 }] };
    expect([...outdatedServices(state, [MAIN])]).toEqual([]);
  });

  it('marks a service the device has not installed, and one rolled back to another release', () => {
    const state = { targetReleaseId: R1, installs: [{ serviceId: MAIN, releaseId: R2 }] };
    expect([...outdatedServices(state, [MAIN, WEB])]).toEqual([MAIN, WEB]);
  });

  it('marks nothing on a device without a target release', () => {
    const state = { targetReleaseId: null, installs: [{ serviceId: MAIN, releaseId: R1 }] };
    expect([...outdatedServices(state, [MAIN, WEB])]).toEqual([]);
  });

  it('ignores an install whose service or release cannot be read', () => {
    const state = { targetReleaseId: R1, installs: [{ serviceId: null, releaseId: R1 }, { serviceId: MAIN, releaseId: null }] };
    expect([...outdatedServices(state, [MAIN])]).toEqual([MAIN]);
  });
});
