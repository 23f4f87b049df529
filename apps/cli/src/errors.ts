/**
 * What the user can fix: a bad compose file, an unknown fleet, a token that is not a user's.
 * The command prints the message as one line and exits non-zero; anything else is a bug.
 */
export class CliError extends Error {
  override name = 'CliError';
}
