/**
 * Fleet (application) naming rules shared by the dashboard and the API (fleets spec §5
 * "Fleet name", compat §6.1 slug rule).
 */
export const FLEET_NAME_MIN_LENGTH = 4;
export const FLEET_NAME_MAX_LENGTH = 100;

export type FleetClass = 'fleet' | 'app' | 'block';

export const FLEET_NAME_REQUIRED = 'A name is required';
export const FLEET_NAME_LENGTH = `The name must be between ${FLEET_NAME_MIN_LENGTH} and ${FLEET_NAME_MAX_LENGTH} characters long`;
export const FLEET_NAME_CHARACTERS =
  'The name may only contain letters, digits, hyphens and underscores, and must start with a letter or a digit';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Returns the message for the first broken rule, or null when the name is valid. */
export function validateFleetName(name: string | null | undefined): string | null {
  if (name == null || name.trim() === '') return FLEET_NAME_REQUIRED;
  if (name.length < FLEET_NAME_MIN_LENGTH || name.length > FLEET_NAME_MAX_LENGTH) return FLEET_NAME_LENGTH;
  if (!NAME_PATTERN.test(name)) return FLEET_NAME_CHARACTERS;
  return null;
}

/** The client-side duplicate message; the server answers duplicates with 409 "... must be unique". */
export function fleetNameTakenMessage(type: FleetClass): string {
  return `This name is already used by another ${type}. Note that the name is case-insensitive`;
}

/** Case-insensitive comparison used for the uniqueness rule. */
export function isSameFleetName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** `<org handle>/<lower-cased name>`: the fleet's slug (compat §6.1). */
export function fleetSlug(organizationHandle: string, appName: string): string {
  return `${organizationHandle}/${appName.toLowerCase()}`;
}

/** An organization handle derived from its name: lower case, [a-z0-9_-] only. */
export function organizationHandleFromName(name: string): string {
  const handle = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]/g, '');
  return handle;
}

export const ORGANIZATION_HANDLE_PATTERN = /^[a-z0-9_-]+$/;
