import { describe, expect, it } from 'vitest';
import { validateConfigVarName } from '@flotilla/core/variable-names';
import { FLEET_LOG_RETENTION_MAX, FLEET_LOG_RETENTION_VARIABLES, fleetRetentionLines } from './log-retention-override.ts';

const vars = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('fleetRetentionLines', () => {
  it('names a fleet configuration variable the spec’s name rules accept', () => {
    for (const name of FLEET_LOG_RETENTION_VARIABLES) expect(validateConfigVarName(name)).toBeNull();
  });

  it('is the operator’s lines when the fleet sets nothing', () => {
    expect(fleetRetentionLines(1000, vars({}))).toBe(1000);
  });

  it('lets a fleet keep more, up to the ceiling', () => {
    expect(fleetRetentionLines(1000, vars({ BALENA_LOG_RETENTION_LINES: '5000' }))).toBe(5000);
    expect(fleetRetentionLines(1000, vars({ RESIN_LOG_RETENTION_LINES: ' 2500 ' }))).toBe(2500);
    expect(fleetRetentionLines(1000, vars({ BALENA_LOG_RETENTION_LINES: '999999999' }))).toBe(FLEET_LOG_RETENTION_MAX);
  });

  it('never keeps fewer than the operator asks, and ignores what is not a whole number', () => {
    expect(fleetRetentionLines(1000, vars({ BALENA_LOG_RETENTION_LINES: '10' }))).toBe(1000);
    expect(fleetRetentionLines(1000, vars({ BALENA_LOG_RETENTION_LINES: '0' }))).toBe(1000);
    for (const junk of ['', 'lots', '-5', '1e6', '2.5', '12345678901']) {
      expect(fleetRetentionLines(1000, vars({ BALENA_LOG_RETENTION_LINES: junk }))).toBe(1000);
    }
  });

  it('lets an operator minimum above the fleet ceiling stand', () => {
    expect(fleetRetentionLines(80_000, vars({ BALENA_LOG_RETENTION_LINES: '90000' }))).toBe(80_000);
  });

  it('prefers BALENA_ over RESIN_', () => {
    expect(fleetRetentionLines(1000, vars({ RESIN_LOG_RETENTION_LINES: '3000', BALENA_LOG_RETENTION_LINES: '2000' }))).toBe(2000);
  });
});
