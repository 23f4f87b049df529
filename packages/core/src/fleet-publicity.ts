/**
 * Making a fleet public (fleets spec §5 "Fleet changes", §6 resin.application.update): a
 * deliberate act. The API refuses it without a repository URL (legacy fleets excepted) and the
 * dashboard lists what becomes readable before asking to confirm. The list mirrors the read
 * rules of apps/api/src/model/access/public-fleet.ts and the application read rule: everything
 * there is readable by anyone, signed in or not; nothing else is.
 */
export const PUBLIC_NEEDS_REPOSITORY_URL = 'errors.must_first_enter_repo_url';

/** What anyone on the internet can read once the fleet is public (i18n keys under `fleetPublicity.exposes`). */
export const PUBLIC_FLEET_EXPOSES = ['fleet', 'releases', 'composition', 'services', 'images', 'fleetTags'] as const;

/** What stays private: devices, variables, members, keys and logs. */
export const PUBLIC_FLEET_KEEPS_PRIVATE = ['devices', 'variables', 'members', 'keys', 'logs'] as const;
