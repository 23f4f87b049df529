import { describe, expect, it } from 'vitest';
import { RELEASE_STATUSES } from '@flotilla/core/release-status';
import {
  FAILED_STAYS_FAILED_MESSAGE,
  NOT_RUNNING_AGAIN_MESSAGE,
  SUCCESS_IS_FINAL_MESSAGE,
  checkCommit,
  decodeJsonFields,
  statusChangeProblem,
} from './release-rules.ts';

describe('statusChangeProblem', () => {
  it('lets a running build end in any status', () => {
    for (const to of RELEASE_STATUSES) expect(statusChangeProblem('running', to), to).toBeNull();
  });
  it('keeps success terminal', () => {
    for (const to of RELEASE_STATUSES.filter((s) => s !== 'success')) expect(statusChangeProblem('success', to), to).toBe(SUCCESS_IS_FINAL_MESSAGE);
    expect(statusChangeProblem('success', 'success')).toBeNull();
  });
  it('never sends a finished build back to running, nor a failure to success', () => {
    for (const from of ['failed', 'error', 'interrupted', 'cancelled', 'timeout', 'local']) expect(statusChangeProblem(from, 'running'), from).toBe(NOT_RUNNING_AGAIN_MESSAGE);
    for (const from of ['failed', 'error', 'interrupted', 'cancelled', 'timeout']) expect(statusChangeProblem(from, 'success'), from).toBe(FAILED_STAYS_FAILED_MESSAGE);
    expect(statusChangeProblem('local', 'success')).toBeNull();
    expect(statusChangeProblem('failed', 'cancelled')).toBeNull();
  });
});

describe('checkCommit', () => {
  it('accepts 7 to 64 hex characters only', () => {
    for (const c of ['abcdef1', 'a'.repeat(32), 'A'.repeat(40), 'f'.repeat(64)]) expect(() => checkCommit(c)).not.toThrow();
    for (const c of ['abcdef', 'a'.repeat(65), 'xyz1234', '', 42, null]) expect(() => checkCommit(c)).toThrow();
  });
});

describe('decodeJsonFields', () => {
  it('turns JSON text back into values, leaving other fields alone', () => {
    const v: Record<string, unknown> = { composition: '{"services":{}}', contract: 'null', note: '{"x":1}' };
    decodeJsonFields(v, ['composition', 'contract']);
    expect(v).toEqual({ composition: { services: {} }, contract: null, note: '{"x":1}' });
  });
});
