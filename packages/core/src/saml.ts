import { z } from 'zod';
import { safeString } from './schemas/primitives.ts';

/**
 * SAML single sign-on (accounts spec §2 /saml, /identity-provider; §3 identity_provider,
 * saml_account; §5 the SSO validation rules; §8 SAML errors; §9 constants; DESIGN "Identity").
 * The rules the API and the dashboard both apply to an identity provider and to a merge.
 */

/** §9: an SSO identifier has at least 3 characters. */
export const SSO_IDENTIFIER_MIN_LENGTH = 3;
export const SSO_IDENTIFIER_MAX_LENGTH = 100;
/** §5: lowercase letters, digits, underscore, hyphen. */
const SSO_IDENTIFIER_CHARACTERS = /^[a-z0-9_-]+$/;
/** §9: an uploaded metadata XML file is at most 1,000,000 bytes. */
export const SAML_METADATA_MAX_BYTES = 1_000_000;
/** §9: certificate lines wrap at 64 characters (RFC 7468). */
export const CERTIFICATE_LINE_LENGTH = 64;
export const CERTIFICATE_MAX_LENGTH = 20_000;
export const ENTRY_POINT_MAX_LENGTH = 2048;
export const ISSUER_MAX_LENGTH = 1024;

export const CERTIFICATE_BEGIN = '-----BEGIN CERTIFICATE-----';
export const CERTIFICATE_END = '-----END CERTIFICATE-----';

/** A one-time sign-in code (POST /auth/saml/finalize) is good for this long. */
export const SAML_CODE_TTL_MS = 5 * 60 * 1000;
/** A sign-in started at GET /auth/saml/{ssoIdentifier} must come back within this time. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;

/** Why a field of the identity provider form is refused (i18n keys `saml:errors.<problem>`). */
export type SsoIdentifierProblem = 'required' | 'too_short' | 'too_long' | 'invalid_characters';

export function ssoIdentifierProblem(value: string): SsoIdentifierProblem | null {
  if (value.length === 0) return 'required';
  if (value.length < SSO_IDENTIFIER_MIN_LENGTH) return 'too_short';
  if (value.length > SSO_IDENTIFIER_MAX_LENGTH) return 'too_long';
  return SSO_IDENTIFIER_CHARACTERS.test(value) ? null : 'invalid_characters';
}

/** §5 "entry_point a valid URL": an absolute http(s) URL the browser is sent to. */
export function isValidEntryPoint(value: string): boolean {
  if (value.length > ENTRY_POINT_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

/**
 * §5: the certificate, trimmed, starts with the begin marker and ends with the end marker, each
 * exactly once (else `invalid_certificate_format`); the body must be base64. Returns it in the
 * stored form: markers on their own lines, the body wrapped at 64 characters (§9); null when refused.
 */
export function normalizeCertificate(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > CERTIFICATE_MAX_LENGTH) return null;
  if (!trimmed.startsWith(CERTIFICATE_BEGIN) || !trimmed.endsWith(CERTIFICATE_END)) return null;
  if (count(trimmed, CERTIFICATE_BEGIN) !== 1 || count(trimmed, CERTIFICATE_END) !== 1) return null;
  return certificateFromBase64(trimmed.slice(CERTIFICATE_BEGIN.length, trimmed.length - CERTIFICATE_END.length));
}

/** A certificate's base64 body (as metadata XML's X509Certificate holds it) in PEM form; null when it is not base64. */
export function certificateFromBase64(body: string): string | null {
  const compact = body.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  const lines: string[] = [];
  for (let i = 0; i < compact.length; i += CERTIFICATE_LINE_LENGTH) lines.push(compact.slice(i, i + CERTIFICATE_LINE_LENGTH));
  return [CERTIFICATE_BEGIN, ...lines, CERTIFICATE_END].join('\n');
}

/** §5 "metadata XML upload at most 1,000,000 bytes". */
export const isMetadataWithinLimit = (bytes: number): boolean => bytes <= SAML_METADATA_MAX_BYTES;

/** §5 "SAML merge consent": the provider's email equals the signed-in user's, case-insensitively. */
export function canMergeSamlAccount(providerEmail: string, signedInEmail: string): boolean {
  return providerEmail.trim().toLowerCase() === signedInEmail.trim().toLowerCase();
}

/** §5: both consent boxes ticked and the emails match. */
export function isMergeConsentComplete(consent: { acceptsTerms: boolean; understandsApiKeyDeletion: boolean }, providerEmail: string, signedInEmail: string): boolean {
  return consent.acceptsTerms && consent.understandsApiKeyDeletion && canMergeSamlAccount(providerEmail, signedInEmail);
}

/**
 * §8 SAML sign-in errors, sent as `/signup?saml_error=<code>` or as the finalize call's error
 * code; the dashboard's text is `saml:signInErrors.<code>`.
 */
export const SAML_SIGN_IN_ERRORS = ['unknown_sso_identifier', 'login_failed', 'account_mismatch', 'require_login', 'email_mismatch', 'expired_code', 'no_email'] as const;
export type SamlSignInError = (typeof SAML_SIGN_IN_ERRORS)[number];
export const isSamlSignInError = (value: string): value is SamlSignInError => (SAML_SIGN_IN_ERRORS as readonly string[]).includes(value);

/** Dashboard pages of the sign-in (§2). */
export const SAML_SIGNON_PAGE = '/saml/callback/signon';
export const SAML_MERGE_PAGE = '/saml/callback/merge';
/** Where the dashboard sends the browser to start (an API route: it redirects to the provider). */
export const samlStartPath = (ssoIdentifier: string): string => `/auth/saml/${encodeURIComponent(ssoIdentifier)}`;

// ---- request and response shapes (§7) ----

export const ssoIdentifierSchema = z.string().superRefine((value, ctx) => {
  const problem = ssoIdentifierProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * The identity provider form (accounts spec §5, §8: invalid characters, invalid URL, invalid
 * certificate format, no organization selected). Each issue's message is a problem code the
 * dashboard words (`identityProviders:fields.<field>.<problem>`); the API's hooks apply the same
 * rules (apps/api/src/model/resources/identity-provider.hooks.ts). The certificate comes out in
 * its stored form (markers on their own lines, wrapped at 64).
 */
export const identityProviderFields = z.object({
  sso_identifier: ssoIdentifierSchema,
  entry_point: z
    .string()
    .trim()
    .min(1, 'required')
    .refine((value) => isValidEntryPoint(value), 'invalid_url'),
  issuer: z.string().trim().min(1, 'required').max(ISSUER_MAX_LENGTH, 'too_long'),
  certificate: z.string().transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    const certificate = normalizeCertificate(value);
    if (certificate === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid_certificate_format' });
      return z.NEVER;
    }
    return certificate;
  }),
});
export type IdentityProviderFields = z.output<typeof identityProviderFields>;

/** POST identity_provider (§7): the fields and the organizations it authorizes, at least one (§5). */
export const identityProviderCreateBody = identityProviderFields.extend({
  organization_id: z.array(z.number().int().positive()).min(1, 'no_organization_selected'),
});
export type IdentityProviderCreateBody = z.output<typeof identityProviderCreateBody>;

/** The form's fields that can be refused. */
export type IdentityProviderFormField = keyof IdentityProviderCreateBody;

/** The first problem of each refused field (a code, see `identityProviderFields`), or an empty object. */
export function identityProviderProblems(schema: typeof identityProviderFields | typeof identityProviderCreateBody, input: unknown): Partial<Record<IdentityProviderFormField, string>> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const { fieldErrors } = z.flattenError(result.error) as { fieldErrors: Partial<Record<IdentityProviderFormField, string[]>> };
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
}

export const samlFinalizeBody = z.object({ code: safeString(128).min(1), jwt: safeString(4096).optional() });
export const samlFinalizeResponse = z.object({ token: z.string() });

/** GET /user/v1/saml-access: whether the SAML feature is on for the user, and the organizations a new provider may authorize. */
export const samlAccessResponse = z.object({
  isEnabled: z.boolean(),
  organizations: z.array(z.object({ id: z.number().int(), name: z.string(), handle: z.string() })),
});
export type SamlAccess = z.infer<typeof samlAccessResponse>;
