import { isSameName, validateTeamName } from '@flotilla/core/organization-rules';

export type TeamNameProblem = 'required' | 'alreadyUsed';

/**
 * Accounts spec §5: a team name is required and unique in the organization, compared trimmed
 * and case-insensitively. `teams` is the loaded list; `ownId` skips the team being renamed.
 * The API enforces the same rule (409), which the dialogs map to the same message.
 */
export function teamNameProblem(name: string, teams: ReadonlyArray<{ id: number; name: string }>, ownId?: number): TeamNameProblem | null {
  if (validateTeamName(name) !== null) return 'required';
  return teams.some((team) => team.id !== ownId && isSameName(team.name, name)) ? 'alreadyUsed' : null;
}
