import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_KEYS } from './lock-keys.ts';
import { HEARTBEAT_LOCK_KEY } from './heartbeat.ts';
import { LINK_SWEEP_LOCK_KEY } from './link-sweep.ts';
import { LOG_RETENTION_LOCK_KEY } from './log-retention.ts';
import { OUTBOX_LOCK_KEY } from '../email/outbox-sender.ts';
import { BILLING_RENEWAL_LOCK_KEY } from '../billing/renewal.service.ts';

describe('advisory lock keys', () => {
  it('are distinct, so no job skips its tick because another one holds its lock', () => {
    const keys = Object.values(ADVISORY_LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are the ones the jobs take', () => {
    expect([HEARTBEAT_LOCK_KEY, LINK_SWEEP_LOCK_KEY, OUTBOX_LOCK_KEY, LOG_RETENTION_LOCK_KEY, BILLING_RENEWAL_LOCK_KEY]).toEqual([
      ADVISORY_LOCK_KEYS.heartbeat,
      ADVISORY_LOCK_KEYS.linkSweep,
      ADVISORY_LOCK_KEYS.outbox,
      ADVISORY_LOCK_KEYS.logRetention,
      ADVISORY_LOCK_KEYS.billingRenewal,
    ]);
  });
});
