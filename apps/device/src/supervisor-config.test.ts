import { describe, expect, it } from 'vitest';
import { SUPERVISOR_DEFAULTS, settingChanges, settingsFrom } from './supervisor-config.ts';

describe('supervisor settings from a target config', () => {
  it('reads BALENA_ before RESIN_, booleans as the supervisor does, and defaults for what is absent', () => {
    expect(settingsFrom({})).toEqual(SUPERVISOR_DEFAULTS);
    expect(
      settingsFrom({
        RESIN_SUPERVISOR_POLL_INTERVAL: '600000',
        BALENA_SUPERVISOR_POLL_INTERVAL: '60000',
        RESIN_SUPERVISOR_LOCAL_MODE: '1',
        BALENA_SUPERVISOR_HARDWARE_METRICS: 'False',
        RESIN_SUPERVISOR_LOG_CONTROL: 'off',
      }),
    ).toEqual({ pollIntervalMs: 60_000, localMode: true, hardwareMetrics: false, logControl: false });
    expect(settingsFrom({ BALENA_SUPERVISOR_LOCAL_MODE: 'true', BALENA_SUPERVISOR_LOG_CONTROL: 'on' })).toMatchObject({ localMode: true, logControl: true });
  });

  it('keeps the setting in force for a value the supervisor would refuse', () => {
    const inForce = { ...SUPERVISOR_DEFAULTS, pollIntervalMs: 30_000, localMode: true };
    for (const junk of ['ten', '-5', '0', '1.5', '']) expect(settingsFrom({ BALENA_SUPERVISOR_POLL_INTERVAL: junk }, inForce).pollIntervalMs).toBe(30_000);
    expect(settingsFrom({ BALENA_SUPERVISOR_LOCAL_MODE: 'maybe' }, inForce).localMode).toBe(true);
    // Absent is not refused: back to the default.
    expect(settingsFrom({}, inForce)).toEqual(SUPERVISOR_DEFAULTS);
  });

  it('names the changed settings the way the supervisor logs them', () => {
    expect(settingChanges(SUPERVISOR_DEFAULTS, SUPERVISOR_DEFAULTS)).toEqual({});
    expect(settingChanges(SUPERVISOR_DEFAULTS, { ...SUPERVISOR_DEFAULTS, pollIntervalMs: 60_000, localMode: true })).toEqual({
      SUPERVISOR_POLL_INTERVAL: '60000',
      SUPERVISOR_LOCAL_MODE: 'true',
    });
  });
});
