import { describe, expect, it } from 'vitest';
import type { DeviceForActions } from '@flotilla/core/device-actions';
import { batchOutcome, confirmationNames, planBatch, type BatchDevice } from './device-batch.ts';

const ready: DeviceForActions = {
  is_connected_to_vpn: true,
  is_active: true,
  supervisor_version: '17.0.0',
  os_version: 'balenaOS 6.0.0',
  os_variant: 'prod',
  last_connectivity_event: '2026-11-25T10:00:00.000Z',
  isInLocalMode: false,
  supportsBlink: true,
};
const device = (id: number, changes: Partial<DeviceForActions> = {}): BatchDevice => ({ id, uuid: `uuid-${id}`, name: `dev-${id}`, forActions: { ...ready, ...changes } });

describe('planBatch (fleets spec §4, §5)', () => {
  it('runs on the devices the action can reach and counts the skipped ones by reason', () => {
    const devices = [device(1), device(2, { is_connected_to_vpn: false }), device(3), device(4, { is_connected_to_vpn: false }), device(5, { supervisor_version: null })];
    const plan = planBatch('reboot', devices, true);
    expect(plan.runnable.map((d) => d.id)).toEqual([1, 3]);
    expect(plan.skipped).toEqual([
      { reason: 'notOnline', count: 2 },
      { reason: 'notFullyProvisioned', count: 1 },
    ]);
    expect(plan.total).toBe(5);
  });

  it('applies each action its own rules: identify needs a LED, not the link; restart skips local mode', () => {
    const devices = [device(1, { is_connected_to_vpn: false }), device(2, { supportsBlink: false }), device(3, { isInLocalMode: true })];
    expect(planBatch('identify', devices, true).runnable.map((d) => d.id)).toEqual([1, 3]);
    expect(planBatch('identify', devices, true).skipped).toEqual([{ reason: 'noBlink', count: 1 }]);
    expect(planBatch('restart', devices, true).runnable.map((d) => d.id)).toEqual([2]);
    expect(planBatch('restart', devices, true).skipped).toEqual([
      { reason: 'notOnline', count: 1 },
      { reason: 'localMode', count: 1 },
    ]);
  });

  it('runs nothing without the supervisor permission', () => {
    const plan = planBatch('identify', [device(1), device(2)], false);
    expect(plan.runnable).toEqual([]);
    expect(plan.skipped).toEqual([{ reason: 'noPermission', count: 2 }]);
  });
});

describe('confirmationNames (fleets spec §2 "Confirmation dialogs")', () => {
  it('lists up to 10 names and counts the rest', () => {
    const names = Array.from({ length: 13 }, (_, i) => `dev-${i}`);
    expect(confirmationNames(names)).toEqual({ shown: names.slice(0, 10), more: 3 });
    expect(confirmationNames(names.slice(0, 10))).toEqual({ shown: names.slice(0, 10), more: 0 });
    expect(confirmationNames(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('batchOutcome (fleets spec §8 "Batch failures")', () => {
  class Locked extends Error {}
  const messageOf = (error: unknown) => (error instanceof Locked ? 'action blocked by update lock' : error instanceof Error ? error.message : 'Error');
  const isLocked = (error: unknown) => error instanceof Locked;

  it('is a success with nothing locked when every device succeeded', () => {
    expect(batchOutcome({ succeeded: [1, 2], failed: [] }, messageOf, isLocked)).toEqual({ summary: { kind: 'success' }, locked: [] });
  });

  it('is partial with the count and the first message, and names the locked devices', () => {
    const outcome = batchOutcome(
      { succeeded: [1], failed: [{ item: 2, error: new Locked() }, { item: 3, error: new Error('No online device(s) found') }] },
      messageOf,
      isLocked,
    );
    expect(outcome.summary).toEqual({ kind: 'partial', failed: 2, total: 3, firstMessage: 'action blocked by update lock' });
    expect(outcome.locked).toEqual([2]);
  });

  it('is total when every device failed', () => {
    const outcome = batchOutcome({ succeeded: [], failed: [{ item: 1, error: new Error('boom') }] }, messageOf, isLocked);
    expect(outcome).toEqual({ summary: { kind: 'total', firstMessage: 'boom' }, locked: [] });
  });
});
