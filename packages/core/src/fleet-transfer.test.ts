import { describe, expect, it } from 'vitest';
import { transferExclusion, transferTargets } from './fleet-transfer.ts';

const fleet = { name: 'greenhouse', organizationId: 1, deviceCount: 0 };
const orgs = [
  { id: 1, name: 'Home', role: 'administrator', applicationNames: ['greenhouse'] },
  { id: 2, name: 'Zeta', role: 'administrator', applicationNames: ['other'] },
  { id: 3, name: 'Acme', role: 'administrator', applicationNames: [] },
  { id: 4, name: 'Read only', role: 'member', applicationNames: [] },
  { id: 5, name: 'Clash', role: 'administrator', applicationNames: ['GreenHouse'] },
];

describe('fleet transfer targets (fleets spec §5 "Fleet changes")', () => {
  it('offers organizations where the user is administrator (or developer), without a same-named fleet, by name', () => {
    expect(transferTargets(orgs, fleet).map((o) => o.id)).toEqual([3, 2]);
  });

  it('says why an organization is left out', () => {
    expect(transferExclusion(orgs[0]!, fleet)).toBe('current');
    expect(transferExclusion(orgs[3]!, fleet)).toBe('role');
    expect(transferExclusion(orgs[4]!, fleet)).toBe('sameName');
    expect(transferExclusion({ id: 6, name: 'Dev', role: 'developer', applicationNames: [] }, fleet)).toBeNull();
  });

  it('offers no target while the fleet has devices', () => {
    expect(transferTargets(orgs, { ...fleet, deviceCount: 2 })).toEqual([]);
  });
});
