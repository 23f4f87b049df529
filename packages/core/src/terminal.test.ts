import { describe, expect, it } from 'vitest';
import {
  TERMINAL_MAX_DATA,
  isContainerEnterable,
  terminalAvailability,
  terminalPermission,
  terminalRetry,
  terminalTarget,
  terminalTargetKey,
  type TerminalStartFacts,
} from './terminal.ts';
import { apiToDeviceMessage, deviceToApiMessage, parseLinkFrame } from './device-link.ts';
import { browserTerminalMessage, chunkTerminalData, terminalAuth } from './terminal-protocol.ts';

const host = { kind: 'host' } as const;
const service = { kind: 'service', serviceName: 'main' } as const;
const facts: TerminalStartFacts = { isPermitted: true, os_version: 'balenaOS 6.0.13', isInLocalMode: false, is_connected_to_vpn: true, containerStatus: 'Running' };

describe('terminal start (fleets spec §5 "Terminal start")', () => {
  it('allows a permitted, linked device with a running container', () => {
    expect(terminalAvailability(service, facts)).toEqual({ isAvailable: true });
    expect(terminalAvailability(host, facts)).toEqual({ isAvailable: true });
    expect(terminalAvailability(service, { ...facts, containerStatus: 'Idle' })).toEqual({ isAvailable: true });
  });

  it('refuses without permission, before anything else', () => {
    expect(terminalAvailability(service, { ...facts, isPermitted: false, isInLocalMode: true, is_connected_to_vpn: false })).toEqual({ isAvailable: false, reason: 'noPermission' });
  });

  it('refuses the host OS on an old OS version, or one it cannot read, but not a service there', () => {
    expect(terminalAvailability(host, { ...facts, os_version: 'Resin OS 2.7.4+rev1' })).toEqual({ isAvailable: false, reason: 'oldOs' });
    expect(terminalAvailability(host, { ...facts, os_version: null })).toEqual({ isAvailable: false, reason: 'oldOs' });
    expect(terminalAvailability(host, { ...facts, os_version: 'Resin OS 2.7.5' })).toEqual({ isAvailable: true });
    expect(terminalAvailability(service, { ...facts, os_version: 'Resin OS 1.30.0' })).toEqual({ isAvailable: true });
  });

  it('refuses a service in local mode, and a container that is not running or idle', () => {
    expect(terminalAvailability(service, { ...facts, isInLocalMode: true })).toEqual({ isAvailable: false, reason: 'localMode' });
    expect(terminalAvailability(host, { ...facts, isInLocalMode: true })).toEqual({ isAvailable: true });
    for (const status of ['Stopped', 'Downloading', 'Installing', null]) {
      expect(terminalAvailability(service, { ...facts, containerStatus: status }), String(status)).toEqual({ isAvailable: false, reason: 'notRunning' });
    }
  });

  it('says not linked last, when everything else holds', () => {
    expect(terminalAvailability(service, { ...facts, is_connected_to_vpn: false })).toEqual({ isAvailable: false, reason: 'notLinked' });
    expect(terminalAvailability(service, { ...facts, is_connected_to_vpn: false, containerStatus: 'Stopped' })).toEqual({ isAvailable: false, reason: 'notRunning' });
  });

  it('names ssh for a service and ssh-host for the host (§6)', () => {
    expect(terminalPermission(service)).toBe('resin.device.ssh');
    expect(terminalPermission(host)).toBe('resin.device.ssh-host');
    expect(terminalTargetKey(service)).toBe('service:main');
    expect(isContainerEnterable('running')).toBe(true);
  });
});

describe('terminal session retries (fleets spec §4 "Terminal session", §9)', () => {
  it('retries an ssh disconnect 5 times 2 s apart, then fails', () => {
    const delays: number[] = [];
    let attempts = 0;
    for (;;) {
      const next = terminalRetry('sshDisconnected', attempts);
      if (next.action === 'fail') break;
      delays.push(next.delayMs);
      attempts = next.attempt;
    }
    expect(delays).toEqual([2000, 2000, 2000, 2000, 2000]);
  });

  it('re-creates every second while the device is offline, without using up the attempts', () => {
    expect(terminalRetry('notLinked', 5)).toEqual({ action: 'retry', delayMs: 1000, attempt: 5 });
  });

  it('fails at once when unauthorized or refused', () => {
    expect(terminalRetry('unauthorized', 0)).toEqual({ action: 'fail' });
    expect(terminalRetry('unavailable', 0)).toEqual({ action: 'fail' });
  });
});

describe('terminal messages', () => {
  it('bounds sizes, data and service names', () => {
    expect(terminalAuth.safeParse({ type: 'auth', token: 't', target: service, size: { cols: 80, rows: 24 } }).success).toBe(true);
    expect(terminalAuth.safeParse({ type: 'auth', token: 't', target: service, size: { cols: 80, rows: 0 } }).success).toBe(false);
    expect(terminalAuth.safeParse({ type: 'auth', token: 't', target: service, size: { cols: 501, rows: 24 } }).success).toBe(false);
    expect(terminalTarget.safeParse({ kind: 'service', serviceName: '../etc' }).success).toBe(false);
    expect(browserTerminalMessage.safeParse({ type: 'data', data: 'x'.repeat(TERMINAL_MAX_DATA + 1) }).success).toBe(false);
  });

  it('carries terminal frames over the device link both ways', () => {
    const open = parseLinkFrame(apiToDeviceMessage, JSON.stringify({ type: 'terminal-open', session: 's1', target: host, size: { cols: 80, rows: 24 } }));
    expect(open?.type).toBe('terminal-open');
    const out = parseLinkFrame(deviceToApiMessage, JSON.stringify({ type: 'terminal-output', session: 's1', data: 'hi' }));
    expect(out).toEqual({ type: 'terminal-output', session: 's1', data: 'hi' });
    expect(parseLinkFrame(deviceToApiMessage, JSON.stringify({ type: 'terminal-exit', session: 's1', code: 0 }))).toEqual({ type: 'terminal-exit', session: 's1', code: 0 });
    expect(parseLinkFrame(apiToDeviceMessage, JSON.stringify({ type: 'terminal-input', session: '', data: 'x' }))).toBeNull();
  });

  it('splits a large paste into bounded pieces without breaking a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(5)}`;
    const pieces = chunkTerminalData(text, 10);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.length <= 10)).toBe(true);
    expect(pieces[0]).toBe('a'.repeat(9));
  });
});
