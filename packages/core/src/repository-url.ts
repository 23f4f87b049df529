/**
 * The fleet's repository URL (`is_stored_at__repository_url`, fleets spec §2 Fleet settings
 * "set repository URL", §5 "Fleet changes"). A public fleet shows it to anyone on the internet,
 * so besides being an http(s) address it must not carry credentials (`https://user:token@…`
 * would publish the token).
 */

/** balena's Short Text columns hold 255 characters; longer values would not round-trip to its clients. */
export const REPOSITORY_URL_MAX_LENGTH = 255;

export type RepositoryUrlProblem = 'invalid' | 'tooLong' | 'hasCredentials';

/** The first broken rule of a non-empty repository URL, or null when it may be saved. */
export function repositoryUrlProblem(value: string): RepositoryUrlProblem | null {
  const url = value.trim();
  if (url.length > REPOSITORY_URL_MAX_LENGTH) return 'tooLong';
  // URL() would percent-encode inner spaces and accept them; a pasted address with spaces is a mistake.
  if (/\s/.test(url)) return 'invalid';
  // Written out as scheme://host: URL() would also accept `https:/host` or `https:///host`.
  if (!/^https?:\/\/[^/]/i.test(url)) return 'invalid';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'invalid';
  if (parsed.hostname === '') return 'invalid';
  if (parsed.username !== '' || parsed.password !== '') return 'hasCredentials';
  return null;
}
