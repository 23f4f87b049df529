import { describe, expect, it } from 'vitest';
import { batchMoveTargets, batchMoveWarnings, canMoveInto, moveTargets, moveWarnings, type MoveCandidate } from './device-move.ts';

const fleet = (over: Partial<MoveCandidate> = {}): MoveCandidate => ({
  id: 2,
  name: 'target',
  cpuArchitecture: 'aarch64',
  organizationId: 10,
  fleetRole: null,
  teamRoles: [],
  ...over,
});
const noOrgRoles = new Map<number, string>();
const memberOf10 = new Map([[10, 'member']]);

describe('move target eligibility (fleets spec §5 "Move")', () => {
  it('grants developer, safe-developer and operator access held directly', () => {
    for (const role of ['developer', 'safe-developer', 'operator', 'administrator']) {
      expect(canMoveInto(fleet({ fleetRole: role }), memberOf10), role).toBe(true);
    }
  });

  it('refuses the roles without resin.device.move', () => {
    for (const role of ['safe-operator', 'observer']) {
      expect(canMoveInto(fleet({ fleetRole: role }), memberOf10), role).toBe(false);
    }
    // An organization member with no fleet role, and no organization role at all.
    expect(canMoveInto(fleet(), memberOf10)).toBe(false);
    expect(canMoveInto(fleet(), noOrgRoles)).toBe(false);
  });

  it('grants the same access through a team', () => {
    for (const role of ['developer', 'safe-developer', 'operator']) {
      expect(canMoveInto(fleet({ teamRoles: [role] }), memberOf10), role).toBe(true);
    }
    expect(canMoveInto(fleet({ teamRoles: ['observer', 'safe-operator'] }), memberOf10)).toBe(false);
    // The strongest of the roles counts: an observer membership with a developer team grant.
    expect(canMoveInto(fleet({ fleetRole: 'observer', teamRoles: ['developer'] }), memberOf10)).toBe(true);
  });

  it("grants it to the fleet organization's administrators only", () => {
    expect(canMoveInto(fleet(), new Map([[10, 'administrator']]))).toBe(true);
    // Administrator of another organization.
    expect(canMoveInto(fleet(), new Map([[11, 'administrator']]))).toBe(false);
  });

  it('lists other fleets of a compatible architecture where the user may move, by name', () => {
    const result = moveTargets(
      { fleetId: 1, cpuArchitecture: 'aarch64' },
      [
        fleet({ id: 1, name: 'current', fleetRole: 'developer' }),
        fleet({ id: 3, name: 'zeta', fleetRole: 'operator' }),
        fleet({ id: 4, name: 'alpha', cpuArchitecture: 'armv7hf', teamRoles: ['developer'] }),
        fleet({ id: 5, name: 'nuc', cpuArchitecture: 'amd64', fleetRole: 'developer' }),
        fleet({ id: 6, name: 'watch', fleetRole: 'observer' }),
        fleet({ id: 7, name: 'unknown', cpuArchitecture: null, fleetRole: 'developer' }),
      ],
      memberOf10,
    );
    expect(result.problem).toBeNull();
    expect(result.targets.map((t) => t.name)).toEqual(['alpha', 'zeta']);
  });

  it('never offers a fleet the device cannot run (an armv7hf device and an aarch64 fleet)', () => {
    const result = moveTargets({ fleetId: 1, cpuArchitecture: 'armv7hf' }, [fleet({ id: 2, cpuArchitecture: 'aarch64', fleetRole: 'developer' })], memberOf10);
    expect(result).toEqual({ targets: [], problem: 'noCompatibleFleet' });
  });

  it('says "no compatible architecture" before "insufficient permission"', () => {
    expect(moveTargets({ fleetId: 1, cpuArchitecture: 'aarch64' }, [], memberOf10).problem).toBe('noCompatibleFleet');
    expect(moveTargets({ fleetId: 1, cpuArchitecture: null }, [fleet({ fleetRole: 'developer' })], memberOf10).problem).toBe('noCompatibleFleet');
    expect(moveTargets({ fleetId: 1, cpuArchitecture: 'aarch64' }, [fleet({ fleetRole: 'observer' })], memberOf10).problem).toBe('insufficientPermission');
  });
});

describe('move warnings (fleets spec §5 "Move", §9)', () => {
  it('warns that the data folder is not carried over below OS 2.12.0, or when the OS is unknown', () => {
    expect(moveWarnings({ osVersion: 'balenaOS 2.11.9', isPinned: false })).toEqual(['dataFolderNotCarried']);
    expect(moveWarnings({ osVersion: 'Resin OS 1.26.0', isPinned: false })).toEqual(['dataFolderNotCarried']);
    expect(moveWarnings({ osVersion: null, isPinned: false })).toEqual(['dataFolderNotCarried']);
    expect(moveWarnings({ osVersion: 'balenaOS 2.12.0', isPinned: false })).toEqual([]);
    expect(moveWarnings({ osVersion: 'balenaOS 6.0.0', isPinned: false })).toEqual([]);
  });

  it('warns that a pinned device loses its pin', () => {
    expect(moveWarnings({ osVersion: 'balenaOS 6.0.0', isPinned: true })).toEqual(['pinLost']);
    expect(moveWarnings({ osVersion: 'balenaOS 2.0.0', isPinned: true })).toEqual(['dataFolderNotCarried', 'pinLost']);
  });
});

describe('batch move (fleets spec §5 "Move" for several devices)', () => {
  const candidates = [
    fleet({ id: 1, name: 'current', fleetRole: 'developer' }),
    fleet({ id: 3, name: 'pi4', cpuArchitecture: 'aarch64', fleetRole: 'developer' }),
    fleet({ id: 4, name: 'pi3', cpuArchitecture: 'armv7hf', fleetRole: 'operator' }),
    fleet({ id: 5, name: 'pi-zero', cpuArchitecture: 'rpi', teamRoles: ['safe-developer'] }),
    fleet({ id: 6, name: 'nuc', cpuArchitecture: 'amd64', fleetRole: 'developer' }),
    fleet({ id: 7, name: 'watched', cpuArchitecture: 'rpi', fleetRole: 'observer' }),
  ];

  it('offers only the fleets every selected device can run, other than their own', () => {
    const names = (devices: Array<{ cpuArchitecture: string | null }>) => batchMoveTargets(1, devices, candidates, memberOf10).targets.map((t) => t.name);
    expect(names([{ cpuArchitecture: 'aarch64' }])).toEqual(['pi-zero', 'pi3', 'pi4']);
    // An armv7hf device among aarch64 ones: the aarch64 fleet is out for all of them.
    expect(names([{ cpuArchitecture: 'aarch64' }, { cpuArchitecture: 'armv7hf' }])).toEqual(['pi-zero', 'pi3']);
    expect(names([{ cpuArchitecture: 'aarch64' }, { cpuArchitecture: 'rpi' }])).toEqual(['pi-zero']);
  });

  it('offers nothing when any device runs none of them, or its architecture is unknown', () => {
    expect(batchMoveTargets(1, [{ cpuArchitecture: 'aarch64' }, { cpuArchitecture: 'amd64' }], candidates, memberOf10)).toEqual({ targets: [], problem: 'noCompatibleFleet' });
    expect(batchMoveTargets(1, [{ cpuArchitecture: 'aarch64' }, { cpuArchitecture: null }], candidates, memberOf10).problem).toBe('noCompatibleFleet');
    expect(batchMoveTargets(1, [], candidates, memberOf10).problem).toBe('noCompatibleFleet');
  });

  it('says "insufficient permission" when the user may move into none of the compatible fleets', () => {
    expect(batchMoveTargets(1, [{ cpuArchitecture: 'rpi' }, { cpuArchitecture: 'rpi' }], [candidates[5]!], memberOf10)).toEqual({ targets: [], problem: 'insufficientPermission' });
  });

  it('counts the devices each warning concerns: any below OS 2.12.0, any pinned', () => {
    expect(batchMoveWarnings([{ osVersion: 'balenaOS 6.0.0', isPinned: false }])).toEqual([]);
    expect(
      batchMoveWarnings([
        { osVersion: 'balenaOS 6.0.0', isPinned: true },
        { osVersion: 'balenaOS 2.11.0', isPinned: false },
        { osVersion: null, isPinned: true },
        { osVersion: 'balenaOS 2.12.0', isPinned: true },
      ]),
    ).toEqual([
      { warning: 'dataFolderNotCarried', count: 2 },
      { warning: 'pinLost', count: 3 },
    ]);
  });
});
