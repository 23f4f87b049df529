import { describe, expect, it } from 'vitest';
import { DEVICE_NAME_MAX_LENGTH, MSG_DEVICE_NAME_REQUIRED, MSG_DEVICE_NAME_TOO_LONG, deviceNameProblem } from './device-name.ts';

describe('deviceNameProblem', () => {
  it('takes a name up to the limit and refuses a blank or longer one', () => {
    expect(deviceNameProblem('misty-falcon')).toBeNull();
    expect(deviceNameProblem('x'.repeat(DEVICE_NAME_MAX_LENGTH))).toBeNull();
    expect(deviceNameProblem('x'.repeat(DEVICE_NAME_MAX_LENGTH + 1))).toBe(MSG_DEVICE_NAME_TOO_LONG);
    for (const blank of ['', '   ', null, 3]) expect(deviceNameProblem(blank)).toBe(MSG_DEVICE_NAME_REQUIRED);
  });
});
