import { describe, expect, it } from 'vitest';
import { teamNameProblem } from './team-name.ts';

const teams = [
  { id: 1, name: 'Operations' },
  { id: 2, name: 'Field crew' },
];

describe('teamNameProblem', () => {
  it('requires a name that is not only spaces', () => {
    expect(teamNameProblem('', teams)).toBe('required');
    expect(teamNameProblem('   ', teams)).toBe('required');
  });

  it('rejects a name already used in the organization, ignoring case and surrounding spaces', () => {
    expect(teamNameProblem('operations', teams)).toBe('alreadyUsed');
    expect(teamNameProblem('  FIELD CREW ', teams)).toBe('alreadyUsed');
  });

  it('accepts a new name, and a team keeping its own name on rename', () => {
    expect(teamNameProblem('Support', teams)).toBeNull();
    expect(teamNameProblem('OPERATIONS', teams, 1)).toBeNull();
    expect(teamNameProblem('operations', teams, 2)).toBe('alreadyUsed');
  });
});
