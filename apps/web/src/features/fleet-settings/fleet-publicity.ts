import { repositoryUrlProblem, type RepositoryUrlProblem } from '@flotilla/core/repository-url';

/**
 * The rules behind the "Public fleet" setting (fleets spec §5 "Fleet changes": making a fleet
 * public needs a repository URL first unless legacy). The API enforces the same rule; these
 * decide what the dashboard offers so that the user learns it before sending.
 */
export interface PublicityFleet {
  is_public: boolean;
  is_stored_at__repository_url: string | null;
  application_type: ReadonlyArray<{ is_legacy: boolean }>;
}

/** What the publicity setting reads of a fleet: the settings page's fleet, or the fleet pages' one. */
export interface PublicityFleetWithId extends PublicityFleet {
  id: number;
  app_name: string;
  organization: ReadonlyArray<{ id: number }>;
}

const isLegacy = (fleet: PublicityFleet) => fleet.application_type[0]?.is_legacy === true;
const hasRepositoryUrl = (fleet: PublicityFleet) => (fleet.is_stored_at__repository_url ?? '').trim() !== '';

/** Whether the API would accept making this fleet public as saved now (legacy, or a URL saved). */
export function canMakePublic(fleet: PublicityFleet): boolean {
  return isLegacy(fleet) || hasRepositoryUrl(fleet);
}

export type RepositoryUrlFieldProblem = RepositoryUrlProblem | 'requiredWhilePublic';

/**
 * What is wrong with the URL field's value for this fleet, or null. Empty clears the URL,
 * except on a public fleet that needs one (it would stay public with nothing to point at).
 */
export function repositoryUrlFieldProblem(value: string, fleet: PublicityFleet): RepositoryUrlFieldProblem | null {
  if (value.trim() === '') return fleet.is_public && !isLegacy(fleet) ? 'requiredWhilePublic' : null;
  return repositoryUrlProblem(value);
}

/** The value PATCHed for the field: trimmed, and null for an empty field. */
export function repositoryUrlToSave(value: string): string | null {
  const url = value.trim();
  return url === '' ? null : url;
}
