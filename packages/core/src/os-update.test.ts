import { describe, expect, it } from 'vitest';
import { deviceOsSemver, hostAppPolicy, osChangelogUrl, osReleaseLine, osReleasesOf, runningOsRelease, type OsRelease } from './os-releases.ts';
import {
  OS_UPDATE_CLASSES,
  classifyOsUpdate,
  findOsRelease,
  isTakeoverUpdate,
  osUpdateBlock,
  osUpdateOptions,
  supervisorUpdateBlock,
  supervisorVersionsOffered,
  type DeviceForOsUpdate,
  type OsUpdateClass,
} from './os-update.ts';

const defaultPolicy = hostAppPolicy([]);
const esrPolicy = hostAppPolicy([
  { tag_key: 'release-policy', value: 'esr' },
  { tag_key: 'esr-next', value: '2025.1' },
  { tag_key: 'esr-current', value: '2024.10' },
  { tag_key: 'esr-sunset', value: '2024.7' },
]);

const defaults = osReleasesOf(
  [
    { id: 1, raw_version: '6.1.4', variant: '', phase: 'next' },
    { id: 2, raw_version: '6.0.13', variant: '', phase: 'current' },
    { id: 3, raw_version: '6.0.0', variant: '', phase: 'current' },
    { id: 4, raw_version: '5.3.21', variant: '', phase: 'sunset' },
    { id: 5, raw_version: '2.115.1+rev1.prod', variant: 'prod', phase: 'end-of-life' },
    { id: 6, raw_version: '2.115.1+rev1.dev', variant: 'dev', phase: 'end-of-life' },
  ],
  defaultPolicy,
);
const esr = osReleasesOf(
  [
    { id: 10, raw_version: '2025.1.0', variant: '', phase: null, release_tag: [{ tag_key: 'meta-balena-base', value: '6.1.4' }] },
    { id: 11, raw_version: '2024.10.1', variant: '', phase: null, release_tag: [{ tag_key: 'meta-balena-base', value: '5.3.21' }] },
    { id: 12, raw_version: '2024.7.2', variant: '', phase: null, release_tag: [{ tag_key: 'meta-balena-base', value: '5.0.0' }] },
    { id: 13, raw_version: '2023.1.0', variant: '', phase: null },
  ],
  esrPolicy,
);
const all = [...defaults, ...esr];
const v = (version: string): OsRelease => findOsRelease(all, version)!;

const device = (os: string | null, overrides: Partial<DeviceForOsUpdate> = {}): DeviceForOsUpdate => ({
  is_connected_to_vpn: true,
  os_version: os,
  os_variant: 'prod',
  deviceType: 'raspberrypi4-64',
  ...overrides,
});

describe('release lines', () => {
  it('reads the phase, end-of-life as outdated, and ESR lines from the host app ranges', () => {
    expect(defaults.map((r) => [r.rawVersion, r.line])).toEqual([
      ['6.1.4', 'next'],
      ['6.0.13', 'current'],
      ['6.0.0', 'current'],
      ['5.3.21', 'sunset'],
      ['2.115.1+rev1.prod', 'outdated'],
      ['2.115.1+rev1.dev', 'outdated'],
    ]);
    expect(esr.map((r) => [r.rawVersion, r.line, r.osType])).toEqual([
      ['2025.1.0', 'next', 'esr'],
      ['2024.10.1', 'current', 'esr'],
      ['2024.7.2', 'sunset', 'esr'],
      ['2023.1.0', 'outdated', 'esr'],
    ]);
    expect(osReleaseLine(null, '6.0.0', defaultPolicy)).toBeNull();
  });

  it('finds the running release of a device for its summary badge', () => {
    expect(runningOsRelease('balenaOS 6.0.13', 'prod', all)?.line).toBe('current');
    expect(runningOsRelease('balenaOS 2.115.1+rev1', 'dev', all)?.id).toBe(6);
    expect(runningOsRelease('balenaOS 2024.10.1', 'prod', all)?.line).toBe('current');
    expect(runningOsRelease('balenaOS 4.0.0', 'prod', all)).toBeNull();
    expect(runningOsRelease(null, null, all)).toBeNull();
    expect(deviceOsSemver('Resin OS 2.12.0+rev1', 'dev')).toBe('2.12.0+rev1.dev');
  });
});

describe('classifyOsUpdate', () => {
  const cases: Array<[string, DeviceForOsUpdate, OsRelease | null, OsUpdateClass]> = [
    ['offline', device('balenaOS 6.0.0', { is_connected_to_vpn: false }), v('6.1.4'), 'offline'],
    ['unreadable source version', device(null), v('6.1.4'), 'notSupported'],
    ['source below the supported minimum', device('Resin OS 2.12.0+rev1'), v('6.1.4'), 'notSupported'],
    ['downgrade', device('balenaOS 6.0.13'), v('6.0.0'), 'notSupported'],
    ['dev to prod', device('balenaOS 2.115.1+rev1', { os_variant: 'dev' }), v('2.115.1+rev1.prod'), 'notSupported'],
    ['same version', device('balenaOS 6.0.13'), v('6.0.13'), 'upToDate'],
    ['same version and variant', device('balenaOS 2.115.1+rev1'), v('2.115.1+rev1.prod'), 'upToDate'],
    ['not a release of the type', device('balenaOS 6.0.0'), null, 'versionNotAvailable'],
    ['default to a newer-based ESR', device('balenaOS 5.3.21'), v('2024.10.1'), 'updatableSwitchToEsr'],
    ['default to an ESR based on an older version', device('balenaOS 6.0.13'), v('2024.10.1'), 'downgradeCannotSwitchToEsr'],
    ['ESR to default', device('balenaOS 2024.10.1'), v('6.1.4'), 'forbiddenSwitchToNonEsr'],
    ['ESR to a newer ESR', device('balenaOS 2024.7.2'), v('2024.10.1'), 'updatable'],
    ['newer default release', device('balenaOS 6.0.0'), v('6.1.4'), 'updatable'],
    ['variant release from the same variant', device('balenaOS 2.115.1+rev1', { os_variant: 'dev' }), v('6.0.0'), 'updatable'],
  ];
  it.each(cases)('%s', (_name, d, target, expected) => {
    expect(classifyOsUpdate(d, target)).toBe(expected);
  });

  it('covers every class of the spec', () => {
    expect(new Set(cases.map((c) => c[3]))).toEqual(new Set(OS_UPDATE_CLASSES));
  });
});

describe('takeover', () => {
  it('is a takeover only when the update crosses the device type threshold', () => {
    expect(isTakeoverUpdate(device('balenaOS 6.0.0'), v('6.1.4'), '6.0.50')).toBe(true);
    expect(isTakeoverUpdate(device('balenaOS 6.0.13'), v('6.1.4'))).toBe(false);
    expect(isTakeoverUpdate(device('balenaOS 6.0.0'), v('6.0.13'), '6.0.50')).toBe(false);
    // The upstream thresholds of balena-hup-action-utils still apply to their device types.
    expect(isTakeoverUpdate(device('balenaOS 5.3.21', { deviceType: 'jetson-xavier' }), v('6.1.4'))).toBe(true);
  });

  it('offers every release with its class; the running version is listed but not selectable', () => {
    const options = osUpdateOptions(device('balenaOS 6.0.13'), defaults, '6.0.50');
    const running = options.find((o) => o.release.rawVersion === '6.0.13')!;
    expect(running).toMatchObject({ isRunning: true, isSelectable: false, updateClass: 'upToDate' });
    expect(options.filter((o) => o.isSelectable).map((o) => o.release.rawVersion)).toEqual(['6.1.4']);
    expect(options.find((o) => o.release.rawVersion === '6.1.4')?.isTakeover).toBe(true);
    expect(osUpdateOptions(device('balenaOS 6.0.13'), defaults).find((o) => o.release.rawVersion === '6.1.4')?.isTakeover).toBe(false);
  });

  it('blocks the form when offline, unreadable or nothing is selectable', () => {
    const d = device('balenaOS 6.1.4');
    expect(osUpdateBlock(d, osUpdateOptions(d, defaults))).toBe('noVersions');
    expect(osUpdateBlock(device('balenaOS 6.0.0'), osUpdateOptions(device('balenaOS 6.0.0'), defaults))).toBeNull();
    expect(osUpdateBlock(device('balenaOS 6.0.0', { is_connected_to_vpn: false }), [])).toBe('offline');
    expect(osUpdateBlock(device(null), [])).toBe('notSupported');
  });
});

describe('supervisor versions', () => {
  const supervisors = [
    { id: 1, rawVersion: '16.4.6' },
    { id: 2, rawVersion: '17.0.0' },
    { id: 3, rawVersion: '17.1.2' },
  ];

  it('offers every version but the running one, newest first', () => {
    expect(supervisorVersionsOffered({ os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' }, supervisors).map((r) => r.rawVersion)).toEqual(['17.1.2', '16.4.6']);
    expect(supervisorUpdateBlock({ os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' }, supervisors)).toBeNull();
  });

  it('offers none on ESR, and says why the form is disabled', () => {
    expect(supervisorVersionsOffered({ os_version: 'balenaOS 2024.10.1', supervisor_version: '16.7.4' }, supervisors)).toEqual([]);
    expect(supervisorUpdateBlock({ os_version: 'balenaOS 2024.10.1', supervisor_version: '16.7.4' }, supervisors)).toBe('esrSupervisor');
    expect(supervisorUpdateBlock({ os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' }, [])).toBe('noVersions');
    expect(supervisorUpdateBlock({ os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' }, [{ id: 2, rawVersion: '17.0.0' }])).toBe('onlyRunning');
  });
});

describe('changelog link', () => {
  it('puts the x.y.z of the running version into the template', () => {
    const template = 'https://example.test/os/v{version}/CHANGELOG.md';
    expect(osChangelogUrl(template, 'balenaOS 2.115.1+rev1')).toBe('https://example.test/os/v2.115.1/CHANGELOG.md');
    expect(osChangelogUrl(undefined, 'balenaOS 6.0.0')).toBeNull();
    expect(osChangelogUrl(template, null)).toBeNull();
  });
});
