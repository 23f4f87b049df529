import { describe, expect, it } from 'vitest';
import { buildConfig, etagOf, etagSalt, ifNoneMatchMatches, knownTags, pollIntervalFrom } from './target-state.ts';
import { reportedColumns } from './device-state.service.ts';
import { isDeviceArchCompatibleWithFleet } from '@flotilla/core/cpu-architecture';
import { parseLogLines } from '../device-logs/device-logs.service.ts';
import { deviceLogBatch, deviceStateReport } from '@flotilla/core/schemas/device-protocol';
import { generateDeviceName } from './device-register.service.ts';

describe('target state config', () => {
  it('overlays device config on fleet config, drops UI vars and always carries the poll interval', () => {
    expect(buildConfig({ RESIN_A: '1', RESIN_UI_X: 'hidden', BALENA_B: 'fleet' }, { BALENA_B: 'device' }, 600_000)).toEqual({
      BALENA_B: 'device',
      RESIN_A: '1',
      RESIN_SUPERVISOR_POLL_INTERVAL: '600000',
    });
    expect(buildConfig({ BALENA_SUPERVISOR_POLL_INTERVAL: '5000' }, {}, 600_000).RESIN_SUPERVISOR_POLL_INTERVAL).toBe('5000');
    expect(buildConfig({}, { RESIN_SUPERVISOR_POLL_INTERVAL: '7000' }, 600_000).RESIN_SUPERVISOR_POLL_INTERVAL).toBe('7000');
  });

  it('takes the poll interval from the device, then the fleet, then the default; ignores junk', () => {
    expect(pollIntervalFrom({ RESIN_SUPERVISOR_POLL_INTERVAL: '60000' }, { BALENA_SUPERVISOR_POLL_INTERVAL: '20000' }, 1)).toBe(20_000);
    expect(pollIntervalFrom({ RESIN_SUPERVISOR_POLL_INTERVAL: '60000' }, {}, 1)).toBe(60_000);
    expect(pollIntervalFrom({ RESIN_SUPERVISOR_POLL_INTERVAL: 'soon' }, {}, 42)).toBe(42);
  });
});

describe('ETags', () => {
  const tag = etagOf('x');
  it('are stable for the same body and differ for another', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });
  it('are trusted on a basis salted with the state version and the default poll interval', () => {
    expect(etagSalt('v3', 600_000)).not.toBe(etagSalt('v2', 600_000));
    expect(etagSalt('v3', 600_000)).not.toBe(etagSalt('v3', 60_000));
  });
  it('pass the state query only tags shaped like ours, weak or strong, from a list, and * apart', () => {
    expect(knownTags(undefined)).toEqual({ tags: [], any: false });
    expect(knownTags(`"other", ${tag.replace(/^W\//, '')}, x,y`)).toEqual({ tags: [tag], any: false });
    expect(knownTags('*')).toEqual({ tags: [], any: true });
  });
  it('match If-None-Match with or without the weak prefix, in a list, or *', () => {
    expect(ifNoneMatchMatches(tag, tag)).toBe(true);
    expect(ifNoneMatchMatches(tag.replace(/^W\//, ''), tag)).toBe(true);
    expect(ifNoneMatchMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
    expect(ifNoneMatchMatches('"other"', tag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
  });
});

describe('reportedColumns', () => {
  it('maps whitelisted fields to columns with their types and drops the rest', () => {
    expect(
      reportedColumns(
        deviceStateReport.parse({ status: 'Idle', name: 'dev-1', cpu_temp: 47.6, memory_usage: '512', is_undervolted: false, provisioning_progress: null, is_online: true, logs_channel: 'x', cpu_usage: 'lots' }),
      ),
    ).toEqual({ status: 'Idle', device_name: 'dev-1', cpu_temp: 48, memory_usage: 512, is_undervolted: false, provisioning_progress: null });
  });
  it('never nulls a NOT NULL column or blanks the name', () => {
    expect(reportedColumns(deviceStateReport.parse({ name: null, is_undervolted: null }))).toEqual({});
    expect(reportedColumns(deviceStateReport.parse({ name: '' }))).toEqual({});
  });
});

describe('CPU architecture compatibility (compat §6.4)', () => {
  it('accepts the same arch and the documented downward cases only', () => {
    expect(isDeviceArchCompatibleWithFleet('aarch64', 'aarch64')).toBe(true);
    expect(isDeviceArchCompatibleWithFleet('aarch64', 'armv7hf')).toBe(true);
    expect(isDeviceArchCompatibleWithFleet('aarch64', 'rpi')).toBe(true);
    expect(isDeviceArchCompatibleWithFleet('armv7hf', 'rpi')).toBe(true);
    expect(isDeviceArchCompatibleWithFleet('armv7hf', 'aarch64')).toBe(false);
    expect(isDeviceArchCompatibleWithFleet('rpi', 'armv7hf')).toBe(false);
    expect(isDeviceArchCompatibleWithFleet('amd64', 'aarch64')).toBe(false);
  });
});

describe('parseLogLines', () => {
  it('reads current and legacy shapes, truncates long messages and skips junk', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const lines = parseLogLines(
      deviceLogBatch.parse([
        { message: 'a', timestamp: 1_700_000_000_000, isStdErr: true, serviceId: 3 },
        { message: 'b', timestamp: '2025-05-01T00:00:00Z', is_system: true },
        { message: 'x'.repeat(20_000), timestamp: 'garbage' },
        { nope: true },
        42,
      ]),
      now,
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({ message: 'a', timestamp: new Date(1_700_000_000_000), isSystem: false, isStdErr: true, serviceId: 3 });
    expect(lines[1]?.isSystem).toBe(true);
    expect(lines[2]?.message).toHaveLength(10_000);
    expect(lines[2]?.timestamp).toEqual(now);
    expect(() => deviceLogBatch.parse({})).toThrow();
  });
});

describe('generateDeviceName', () => {
  it('is adjective-noun', () => {
    expect(generateDeviceName()).toMatch(/^[a-z]+-[a-z]+$/);
    expect(generateDeviceName(() => 0)).toBe('amber-art');
  });
});
