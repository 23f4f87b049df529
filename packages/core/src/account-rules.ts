/**
 * Account validation rules shared by the API and the dashboard (accounts spec §5, §9).
 * Each validator returns an error message key/text or null when the value is valid, so
 * react-hook-form and the server's zod schemas can use the same functions.
 */

/** Accounts spec §9: passwords are 8 to 64 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** Accounts spec §9: session tokens expire after 36 hours. */
export const SESSION_TTL_SECONDS = 36 * 3600;
/** Accounts spec §9: the "recently authenticated" window (auth-time marker), 20 minutes. */
export const AUTH_TIME_WINDOW_MS = 1_200_000;
/** Accounts spec §9: the dashboard refreshes its token every hour. */
export const TOKEN_REFRESH_INTERVAL_MS = 3_600_000;
/** Accounts spec §9: API key expiry presets in days. */
export const API_KEY_EXPIRY_PRESET_DAYS = [1, 7, 30, 90] as const;
/** Accounts spec §9: two-factor codes are 6 characters. */
export const TWO_FACTOR_TOKEN_LENGTH = 6;
/** Usernames are generated; this bounds their length (the header cuts display at 20). */
export const USERNAME_MAX_LENGTH = 64;

/**
 * A deliberately simple email shape (one `@`, a dotted domain, no spaces): the real check is
 * the verification mail. Also used to decide whether the signup `?email=` query is prefilled.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Emails are stored lower-case and trimmed (the user table enforces lower case). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateEmail(email: string): string | null {
  if (email.trim() === '') return 'Email is required';
  return isValidEmail(email.trim()) ? null : 'Invalid email address';
}

/** Accounts spec §5: password 8 to 64 characters (counted in code points, not UTF-16 units). */
export function validatePassword(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/** Accounts spec §5: confirmation must equal the new password. */
export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  return password === confirmation ? null : "Passwords don't match";
}

/** Accounts spec §5: a password stored before the 64-character limit gets a flag and a notice. */
export function isPasswordOverLimit(password: string): boolean {
  return [...password].length > PASSWORD_MAX_LENGTH;
}

/**
 * The base for an auto-generated username (accounts spec §3: usernames are generated):
 * the email's local part lower-cased, anything outside [a-z0-9_] turned into `_`, runs of
 * `_` collapsed, trimmed of `_`, cut to fit a numeric suffix, `user` when nothing is left.
 */
export function usernameBaseFromEmail(email: string): string {
  const local = normalizeEmail(email).split('@')[0] ?? '';
  const cleaned = local
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .slice(0, USERNAME_MAX_LENGTH - 8)
    .replace(/^_|_$/g, '');
  return cleaned === '' ? 'user' : cleaned;
}

/** Candidate usernames in the order to try: the base, then base2, base3, … */
export function usernameCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}${attempt}`;
}
