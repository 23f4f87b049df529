/**
 * Organization and team validation shared by the API hooks and the dashboard forms
 * (accounts spec §5, §9). Validators return an error text or null when the value is valid.
 */

/** Accounts spec §9: "Logo max 1,000,000 bytes". */
export const ORGANIZATION_LOGO_MAX_BYTES = 1_000_000;

export const ORGANIZATION_NAME_REQUIRED = 'Organization name is required';
export const TEAM_NAME_REQUIRED = 'Team name is required';
/**
 * The 409 text for a name already used (among the user's organizations, or in the
 * organization for teams). The wording keeps open-balena's `"<field>" must be unique.` so
 * SDK upserts and the dashboard's `fields_errors.already_used` mapping both recognise it.
 */
export const NAME_ALREADY_USED = '"name" must be unique.';
export const LOGO_FORMAT = 'The logo must be a PNG or JPEG image sent as a base64 data URL (data:image/png;base64,… or data:image/jpeg;base64,…)';
export const LOGO_TOO_LARGE = `The logo must be at most ${ORGANIZATION_LOGO_MAX_BYTES.toLocaleString('en-US')} bytes`;

const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;

function validateName(name: unknown, required: string): string | null {
  return typeof name === 'string' && name.trim() !== '' ? null : required;
}

export function validateOrganizationName(name: unknown): string | null {
  return validateName(name, ORGANIZATION_NAME_REQUIRED);
}

export function validateTeamName(name: unknown): string | null {
  return validateName(name, TEAM_NAME_REQUIRED);
}

/** Names compare trimmed and case-insensitively (accounts §5 uniqueness). */
export function isSameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Size of the image a base64 payload decodes to. The 1,000,000-byte limit applies to the image
 * (the file the user picked, which is what the dashboard checks before encoding), not to the
 * ~33% longer data URL text: each 4 base64 characters carry 3 bytes, minus the padding.
 */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** `logo_image`: null clears it; otherwise a png/jpeg base64 data URL of at most 1,000,000 decoded bytes. */
export function validateLogoImage(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') return LOGO_FORMAT;
  const match = LOGO_DATA_URL.exec(value);
  if (!match || match[2]!.length % 4 !== 0 || match[2]!.length === 0) return LOGO_FORMAT;
  return base64DecodedBytes(match[2]!) > ORGANIZATION_LOGO_MAX_BYTES ? LOGO_TOO_LARGE : null;
}

/** The same size rule for a file picked in the browser, before it is encoded. */
export function validateLogoFile(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return LOGO_FORMAT;
  return file.size > ORGANIZATION_LOGO_MAX_BYTES ? LOGO_TOO_LARGE : null;
}
