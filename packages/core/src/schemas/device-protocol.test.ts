import { describe, expect, it } from 'vitest';
import { deviceLogBatch, deviceRegisterBody, deviceStateBody, deviceTagsBody, MAX_REPORTED_APPS, MAX_REPORTED_RELEASES, MAX_REPORTED_SERVICES, MAX_TAGS_PER_REPORT } from './device-protocol.ts';

const uuid = 'a'.repeat(32);

describe('device register body (compat §5.2)', () => {
  it('accepts what the supervisor and the CLI send; `user` and unknown fields are not kept', () => {
    const supervisor = {
      user: 7,
      application: 3,
      uuid,
      device_type: 'raspberrypi4-64',
      api_key: 'f'.repeat(32),
      supervisor_version: '19.0.5',
      os_version: 'balenaOS 6.0.0',
      os_variant: 'prod',
      mac_address: '00:11:22:33:44:55 66:77:88:99:aa:bb',
      future_field: true,
    };
    const { user: _user, future_field: _future, ...kept } = supervisor;
    expect(deviceRegisterBody.parse(supervisor)).toEqual(kept);
    expect(deviceRegisterBody.parse({ user: '7', application: '3', uuid, device_type: 'raspberrypi4-64' })).toEqual({ application: 3, uuid, device_type: 'raspberrypi4-64' });
  });

  it('refuses out-of-range ids, malformed uuids and unstorable text', () => {
    for (const bad of [
      { device_type: 'x', application: 2 ** 31 },
      { device_type: 'x', uuid: 'A'.repeat(32) },
      { device_type: 'x\u0000' },
      { device_type: 'x', os_version: 'v'.repeat(256) },
      { device_type: 'x', api_key: 'has space in it' },
      {},
    ]) {
      expect(deviceRegisterBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('state report (compat §5.4)', () => {
  it('types what it stores, drops values of the wrong type, out of range or unstorable, ignores unknown fields', () => {
    const body = deviceStateBody.parse({
      [uuid]: {
        status: 'Idle',
        name: 5,
        cpu_temp: 47.6,
        memory_usage: '512',
        cpu_usage: 'lots',
        storage_total: 1e12,
        os_version: 'x\u0000',
        is_undervolted: 'yes',
        provisioning_progress: null,
        logs_channel: 'ignored',
        apps: {
          app1: {
            release_uuid: 'c1',
            releases: {
              c1: { update_status: 'done', services: { main: { image: 'registry/img', status: 'Running', download_progress: 50 }, broken: 5 } },
              c2: { update_status: 'not a status' },
              ['bad\u0000key']: { update_status: 'done' },
            },
          },
          app2: 'not an object',
        },
      },
    });
    expect(body).toEqual({
      [uuid]: {
        status: 'Idle',
        name: '5',
        cpu_temp: 48,
        memory_usage: 512,
        provisioning_progress: null,
        apps: {
          app1: {
            release_uuid: 'c1',
            releases: {
              c1: { update_status: 'done', services: { main: { image: 'registry/img', status: 'Running', download_progress: 50 } } },
              c2: { services: {} },
            },
          },
        },
      },
    });
  });

  it('keeps every uuid key (so the caller is checked for each) and refuses bodies not keyed by device uuid', () => {
    expect(deviceStateBody.parse({ [uuid]: 5 })).toEqual({ [uuid]: null });
    for (const bad of [[], 'text', null, { 'not-a-uuid': {} }, { [`${uuid}\u0000`]: {} }]) {
      expect(deviceStateBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('how much of a report is read', () => {
  const many = <T,>(n: number, value: (i: number) => T) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(i)]));
  it('reads at most MAX_REPORTED_APPS apps, MAX_REPORTED_RELEASES releases and MAX_REPORTED_SERVICES services, in order, skipping invalid ones', () => {
    const services = many(MAX_REPORTED_SERVICES + 10, () => ({ status: 'Running' }));
    const releases = many(MAX_REPORTED_RELEASES + 10, () => ({ update_status: 'done', services }));
    const apps = { bad: 'not an object', ...many(MAX_REPORTED_APPS + 10, () => ({ releases })) };
    const parsed = deviceStateBody.parse({ [uuid]: { apps } })[uuid]!;
    const appKeys = Object.keys(parsed.apps ?? {});
    expect(appKeys).toEqual(Array.from({ length: MAX_REPORTED_APPS }, (_, i) => `k${i}`));
    const release = Object.values(parsed.apps!)[0]!.releases;
    expect(Object.keys(release)).toHaveLength(MAX_REPORTED_RELEASES);
    expect(Object.keys(Object.values(release)[0]!.services)).toHaveLength(MAX_REPORTED_SERVICES);
  });

  it('sets at most MAX_TAGS_PER_REPORT tags per device in one report', () => {
    const parsed = deviceTagsBody.parse({ [uuid]: many(MAX_TAGS_PER_REPORT + 50, (i) => `v${i}`) })[uuid]!;
    expect(Object.keys(parsed)).toHaveLength(MAX_TAGS_PER_REPORT);
    expect(parsed.k0).toBe('v0');
  });
});

describe('tag report (compat §5.6)', () => {
  it('keeps string values with storable keys and drops the rest', () => {
    expect(deviceTagsBody.parse({ [uuid]: { a: 'b', n: 1, '': 'empty key', ['k\u0000']: 'x', v: 'y\u0000', long: 'z'.repeat(10_001), [`${'k'.repeat(256)}`]: 'x' } })).toEqual({
      [uuid]: { a: 'b' },
    });
  });
});

describe('log batch (compat §5.5)', () => {
  it('reads current and legacy lines, bounds and cleans messages, skips junk', () => {
    const lines = deviceLogBatch.parse([
      { message: 'a', timestamp: 1_700_000_000_000, isStdErr: true, serviceId: 3 },
      { message: 'b', timestamp: '2025-05-01T00:00:00Z', is_system: true, is_stderr: true },
      { message: 'c', timestamp: '1700000000000' },
      { message: 'x'.repeat(20_000), timestamp: 'garbage' },
      { message: 'nul\u0000 and lone \uD800', timestamp: 1e20, serviceId: 1e15 },
      { message: 'before the epoch', timestamp: -1 },
      { nope: true },
      42,
      null,
    ]);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({ message: 'a', timestamp: new Date(1_700_000_000_000), isSystem: false, isStdErr: true, serviceId: 3 });
    expect(lines[1]).toEqual({ message: 'b', timestamp: new Date('2025-05-01T00:00:00Z'), isSystem: true, isStdErr: true, serviceId: null });
    expect(lines[2]?.timestamp).toEqual(new Date(1_700_000_000_000));
    expect(lines[3]?.message).toHaveLength(10_000);
    expect(lines[3]?.timestamp).toBeUndefined();
    expect(lines[4]).toEqual({ message: 'nul\uFFFD and lone \uFFFD', timestamp: undefined, isSystem: false, isStdErr: false, serviceId: null });
    expect(lines[5]?.timestamp).toBeUndefined();
  });

  it('refuses a body that is not an array, or more than 1000 lines', () => {
    expect(deviceLogBatch.safeParse({}).error?.issues[0]?.message).toBe('must be an array of log lines');
    expect(deviceLogBatch.safeParse(Array.from({ length: 1001 }, () => ({ message: 'm' }))).error?.issues[0]?.message).toBe('at most 1000 log lines per request');
  });
});
