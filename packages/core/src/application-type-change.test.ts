import { describe, expect, it } from 'vitest';
import { applicationTypeAvailability, isTypeChangeSelectable, matchVersions, parseVersion, type TypeChangeContext } from './application-type-change.ts';

const microservices = { requires_payment: false, supports_multicontainer: true, needs__os_version_range: '>=2.12.0' };
const essentials = { requires_payment: false, supports_multicontainer: false, needs__os_version_range: '>=2.7.0' };
const paid = { requires_payment: true, supports_multicontainer: true, needs__os_version_range: null };
const base: TypeChangeContext = { isPaidOrganization: false, needsMulticontainer: false, osVersions: null };

describe('fleet type change availability (fleets spec §4)', () => {
  it('is ok when nothing rules the type out, and only ok is selectable', () => {
    expect(applicationTypeAvailability(microservices, base)).toBe('ok');
    expect(isTypeChangeSelectable('ok')).toBe(true);
    for (const other of ['noVersionDiscontinued', 'noVersionUpcoming', 'needsPlanUpgrade', 'needsMulticontainer'] as const) {
      expect(isTypeChangeSelectable(other)).toBe(false);
    }
  });

  it('needs a plan upgrade for a paid-only type on a free organization', () => {
    expect(applicationTypeAvailability(paid, base)).toBe('needsPlanUpgrade');
    expect(applicationTypeAvailability(paid, { ...base, isPaidOrganization: true })).toBe('ok');
  });

  it('needs multicontainer support when the fleet runs several services', () => {
    expect(applicationTypeAvailability(essentials, { ...base, needsMulticontainer: true })).toBe('needsMulticontainer');
    expect(applicationTypeAvailability(microservices, { ...base, needsMulticontainer: true })).toBe('ok');
  });

  it('is coming soon when every published OS version is older than the type needs', () => {
    expect(applicationTypeAvailability(microservices, { ...base, osVersions: ['2.10.1', '2.11.0+rev2'] })).toBe('noVersionUpcoming');
  });

  it('is unavailable when the versions it needs were discontinued', () => {
    const old = { ...essentials, needs__os_version_range: '>=2.0.0 <2.7.0' };
    expect(applicationTypeAvailability(old, { ...base, osVersions: ['2.12.0', '2.113.4'] })).toBe('noVersionDiscontinued');
  });

  it('does not rule a type out by version when no OS versions are known', () => {
    expect(applicationTypeAvailability(microservices, { ...base, osVersions: [] })).toBe('ok');
    expect(applicationTypeAvailability(microservices, { ...base, osVersions: ['2.12.0'] })).toBe('ok');
  });

  it('counts legacy types as discontinued', () => {
    expect(applicationTypeAvailability({ ...essentials, needs__os_version_range: null, is_legacy: true }, base)).toBe('noVersionDiscontinued');
  });

  it('reads versions and ranges', () => {
    expect(parseVersion('v2.113.4+rev1')).toEqual([2, 113, 4]);
    expect(parseVersion('balenaOS')).toBeNull();
    expect(matchVersions('<2.0.0 || >=3.0.0', ['3.1.0'])).toBe('match');
    expect(matchVersions('>=2.12.0', ['2.11.9'])).toBe('allBelow');
    expect(matchVersions('<2.0.0', ['2.11.9'])).toBe('notAllBelow');
  });
});
