import { describe, expect, it } from 'vitest';
import {
  OVERALL_STATUSES,
  OVERALL_STATUS_DISPLAY,
  cloudlinkState,
  computeOverallStatus,
  containerShowsProgress,
  containerStatusColor,
  highestPrecedenceUpdateStatus,
  metricBarColor,
  overallStatusDisplay,
  usagePercent,
  type OverallStatusInput,
} from './device-status.ts';

describe('metricBarColor', () => {
  it('is success up to 60 %, warning up to 80 %, error above', () => {
    expect(metricBarColor(0)).toBe('success');
    expect(metricBarColor(60)).toBe('success');
    expect(metricBarColor(60.1)).toBe('warning');
    expect(metricBarColor(80)).toBe('warning');
    expect(metricBarColor(80.5)).toBe('error');
    expect(metricBarColor(100)).toBe('error');
  });
});

describe('usagePercent', () => {
  it('rounds and clamps, and is 0 without a total', () => {
    expect(usagePercent(512, 1024)).toBe(50);
    expect(usagePercent(2000, 1000)).toBe(100);
    expect(usagePercent(10, 0)).toBe(0);
    expect(usagePercent(null, 100)).toBe(0);
  });
});

describe('overall status display', () => {
  it('has a label and colour for every status', () => {
    for (const s of OVERALL_STATUSES) expect(OVERALL_STATUS_DISPLAY[s].label).not.toBe('');
    expect(overallStatusDisplay('operational').color).toBe('success');
    expect(overallStatusDisplay('disconnected').color).toBe('error');
    expect(overallStatusDisplay('weird')).toEqual({ label: 'weird', color: 'neutral' });
  });
});

describe('container status colour', () => {
  it('running/idle green, stopped red, others blue', () => {
    expect(containerStatusColor('Running')).toBe('success');
    expect(containerStatusColor('Idle')).toBe('success');
    expect(containerStatusColor('Stopped')).toBe('error');
    expect(containerStatusColor('Downloading')).toBe('info');
    expect(containerShowsProgress('Downloading')).toBe(true);
    expect(containerShowsProgress('Running')).toBe(false);
  });
});

describe('highestPrecedenceUpdateStatus', () => {
  it('prefers failures, then work in progress, then done; ignores unknown values', () => {
    expect(highestPrecedenceUpdateStatus(['done', 'downloading'])).toBe('downloading');
    expect(highestPrecedenceUpdateStatus(['done', 'rejected', 'downloading'])).toBe('rejected');
    expect(highestPrecedenceUpdateStatus(['downloaded', 'applying changes'])).toBe('applying changes');
    expect(highestPrecedenceUpdateStatus(['bogus', undefined])).toBeNull();
    expect(highestPrecedenceUpdateStatus([])).toBeNull();
  });
});

describe('cloudlinkState', () => {
  it('follows is_online', () => {
    expect(cloudlinkState(true)).toBe('connected');
    expect(cloudlinkState(false)).toBe('disconnected');
    expect(cloudlinkState(null)).toBe('disconnected');
  });
});

describe('computeOverallStatus', () => {
  const online: OverallStatusInput = { is_active: true, api_heartbeat_state: 'online', last_connectivity_event: '2026-01-01', status: 'Idle' };
  it('applies the rules in order', () => {
    expect(computeOverallStatus(online)).toBe('operational');
    expect(computeOverallStatus({ ...online, is_active: false })).toBe('inactive');
    expect(computeOverallStatus({ ...online, provisioning_state: 'Post-Provisioning' })).toBe('post-provisioning');
    expect(computeOverallStatus({ is_active: true, api_heartbeat_state: 'unknown' })).toBe('configuring');
    expect(computeOverallStatus({ ...online, api_heartbeat_state: 'offline' })).toBe('disconnected');
    expect(computeOverallStatus({ ...online, status: 'Downloading', download_progress: 40 })).toBe('updating');
    expect(computeOverallStatus({ ...online, has_downloading_image: true })).toBe('updating');
    expect(computeOverallStatus({ ...online, provisioning_progress: 10 })).toBe('configuring');
    // The device link: only one of link and heartbeat up is reduced, for a device that links.
    const linked = { ...online, is_connected_to_vpn: true, last_vpn_event: '2026-11-25T10:00:00Z' };
    expect(computeOverallStatus(linked)).toBe('operational');
    expect(computeOverallStatus({ ...linked, api_heartbeat_state: 'unknown' })).toBe('reduced-functionality');
    expect(computeOverallStatus({ ...linked, is_connected_to_vpn: false })).toBe('reduced-functionality');
    expect(computeOverallStatus({ ...linked, is_connected_to_vpn: false, api_heartbeat_state: 'offline' })).toBe('disconnected');
    expect(computeOverallStatus({ ...online, api_heartbeat_state: 'timeout' })).toBe('reduced-functionality');
  });
});
