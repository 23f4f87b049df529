import { describe, expect, it } from 'vitest';
import { isReservedSupervisorPath, LINK_MAX_FRAME_BYTES, LINK_REPLACED_BACKOFF, replacedReconnectDelayMs, serialisedBytes, SUPERVISOR_MAX_DATA_BYTES, type LinkRequest } from './device-link.ts';

describe('SUPERVISOR_MAX_DATA_BYTES', () => {
  it('fits one link frame with the longest id and path the request schema allows', () => {
    const frame: LinkRequest = { type: 'request', id: 'i'.repeat(64), method: 'DELETE', path: `/${'p'.repeat(511)}`, body: 'x'.repeat(SUPERVISOR_MAX_DATA_BYTES - 2) };
    expect(serialisedBytes(frame.body)).toBe(SUPERVISOR_MAX_DATA_BYTES);
    expect(serialisedBytes(frame)).toBeLessThanOrEqual(LINK_MAX_FRAME_BYTES);
  });

  it('is measured in UTF-8 bytes of the JSON, and absent data is nothing', () => {
    expect(serialisedBytes({ a: 'é' })).toBe('{"a":"é"}'.length + 1);
    expect(serialisedBytes(undefined)).toBe(0);
  });
});

describe('isReservedSupervisorPath', () => {
  it("holds for Flotilla's own agent paths and below them, in any case, and for no neighbour", () => {
    for (const path of ['/v1/os-update', '/V1/OS-UPDATE', '/v1/os-update/now', '/v1/diagnostics', '/v1/diagnostics/checks', '/v1/Diagnostics/Diagnose']) expect(isReservedSupervisorPath(path), path).toBe(true);
    for (const path of ['/v1/os-updates', '/v1/reboot', '/v2/diagnostics/checks', '/ping', '/v1/update']) expect(isReservedSupervisorPath(path), path).toBe(false);
  });
});

describe('replacedReconnectDelayMs', () => {
  const MINUTE = 60_000;
  it('waits 2.5 to 5 min after a first replacement: long, never short, jittered', () => {
    expect(replacedReconnectDelayMs(0, () => 0)).toBe(2.5 * MINUTE);
    expect(replacedReconnectDelayMs(0, () => 0.999999)).toBe(5 * MINUTE - 1);
    expect(replacedReconnectDelayMs(0, () => 0.5)).toBe(3.75 * MINUTE);
  });

  it('doubles with each replacement in a row, up to 30 min', () => {
    const ceilings = [0, 1, 2, 3, 4, 40].map((streak) => 2 * replacedReconnectDelayMs(streak, () => 0));
    expect(ceilings).toEqual([5, 10, 20, 30, 30, 30].map((m) => m * MINUTE));
    expect(LINK_REPLACED_BACKOFF.quietMs).toBeGreaterThan(LINK_REPLACED_BACKOFF.capMs);
  });

  it('takes shorter timings (tests) and a negative streak as the first', () => {
    expect(replacedReconnectDelayMs(-3, () => 0, 200, 800)).toBe(100);
    expect(replacedReconnectDelayMs(5, () => 0, 200, 800)).toBe(400);
  });
});
