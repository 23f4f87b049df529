import { describe, expect, it } from 'vitest';
import { containerActionNeedsConfirmation, containerActionRequest, containerControlAvailability, statusAfterContainerAction } from './container-controls.ts';
import { containerShowsProgress, containerStatusColor } from './device-status.ts';

const ok = { isPermitted: true, supervisorVersion: '17.0.0', isOnline: true };

describe('container controls (fleets spec §2 container table, §6, §9)', () => {
  it('offers stop and restart for a running container, start and restart for a stopped one', () => {
    expect(containerControlAvailability('stop', 'Running', ok)).toEqual({ isAvailable: true });
    expect(containerControlAvailability('restart', 'Running', ok)).toEqual({ isAvailable: true });
    expect(containerControlAvailability('start', 'Running', ok)).toMatchObject({ isAvailable: false });
    expect(containerControlAvailability('start', 'Stopped', ok)).toEqual({ isAvailable: true });
    expect(containerControlAvailability('restart', 'exited', ok)).toEqual({ isAvailable: true });
    expect(containerControlAvailability('stop', 'Stopped', ok)).toMatchObject({ isAvailable: false });
  });

  it('needs supervisor major 7 or above, the permission, and the device online, in that order of reasons', () => {
    expect(containerControlAvailability('restart', 'Running', { ...ok, supervisorVersion: '6.9.9' })).toEqual({ isAvailable: false, reason: 'supervisorTooOld' });
    expect(containerControlAvailability('restart', 'Running', { ...ok, supervisorVersion: '7.0.0' })).toEqual({ isAvailable: true });
    expect(containerControlAvailability('restart', 'Running', { ...ok, supervisorVersion: null })).toEqual({ isAvailable: false, reason: 'supervisorTooOld' });
    expect(containerControlAvailability('restart', 'Running', { ...ok, isPermitted: false, supervisorVersion: '1.0.0' })).toEqual({ isAvailable: false, reason: 'noPermission' });
    expect(containerControlAvailability('restart', 'Running', { ...ok, isOnline: false })).toEqual({ isAvailable: false, reason: 'notOnline' });
  });

  it('offers nothing for a container that is downloading or installing', () => {
    for (const action of ['start', 'stop', 'restart'] as const) {
      expect(containerControlAvailability(action, 'Downloading', ok)).toEqual({ isAvailable: false, reason: 'notRunningRelease' });
    }
  });

  it('confirms only stop', () => {
    expect(containerActionNeedsConfirmation('stop')).toBe(true);
    expect(containerActionNeedsConfirmation('restart')).toBe(false);
    expect(containerActionNeedsConfirmation('start')).toBe(false);
  });

  it('sends what balena-sdk sends for startService/stopService/restartService', () => {
    expect(containerActionRequest('restart', { deviceId: 20, appId: 1, imageId: 77 })).toEqual({
      path: '/v2/applications/1/restart-service',
      body: { deviceId: 20, appId: 1, data: { appId: 1, imageId: 77 } },
    });
    expect(containerActionRequest('stop', { deviceId: 20, appId: 1, imageId: 77 }).path).toBe('/v2/applications/1/stop-service');
    expect(statusAfterContainerAction('stop')).toBe('Stopped');
    expect(statusAfterContainerAction('start')).toBe('Running');
  });

  it('colours running and idle green, stopped red, others blue; bars for downloading and updating (§4)', () => {
    expect(['Running', 'Idle', 'Stopped', 'Downloading', 'Installing', 'exited'].map(containerStatusColor)).toEqual(['success', 'success', 'error', 'info', 'info', 'info']);
    expect(['Downloading', 'Updating', 'Installing', 'Running'].map(containerShowsProgress)).toEqual([true, true, true, false]);
  });
});
