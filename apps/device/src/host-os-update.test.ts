import { describe, expect, it } from 'vitest';
import { advanceHostOsUpdate, hostAppReport, isHostOsUpdateActive, osVersionOf, startHostOsUpdate } from './host-os-update.ts';

describe('simulated host OS update', () => {
  it('downloads, then applies the changes, then reboots, reporting each step as the host app release', () => {
    let update = startHostOsUpdate({ target_version: '6.1.4', type: 'balenahup', app_uuid: 'hostapp', release_uuid: 'c'.repeat(32) });
    const statuses: unknown[] = [];
    const report = () => (hostAppReport(update) as Record<string, { releases: Record<string, { update_status: string }> }>).hostapp!.releases['c'.repeat(32)]!.update_status;
    while (update.phase !== 'rebooting') {
      statuses.push(report());
      update = advanceHostOsUpdate(update, () => 0.5);
    }
    expect(new Set(statuses)).toEqual(new Set(['downloading', 'downloaded', 'applying changes']));
    expect(report()).toBe('applying changes');
    expect(isHostOsUpdateActive(update)).toBe(true);
    expect(isHostOsUpdateActive({ ...update, phase: 'done' })).toBe(false);
  });

  it('reports nothing without the host app, and names the new version as the OS reports it', () => {
    expect(hostAppReport(startHostOsUpdate({ target_version: '6.1.4', type: 'takeover' }))).toBeNull();
    expect(osVersionOf('2.115.1+rev1.prod')).toBe('balenaOS 2.115.1+rev1');
    expect(osVersionOf('6.1.4')).toBe('balenaOS 6.1.4');
  });
});
