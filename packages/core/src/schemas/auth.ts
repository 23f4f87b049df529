import { z } from 'zod';
import { emailAddress, objectBody, requiredString, safeString, strictObjectBody } from './primitives.ts';

/**
 * Sign-up, sign-in and session requests (compat §3, accounts spec §4–§7). Password rules
 * (8–64 characters) stay with the account rules and their messages; the boundary only caps
 * what it reads: older accounts may hold passwords past today's limit.
 */
export const PASSWORD_INPUT_MAX = 4096;
/** Usernames and emails both sign in; emails are the longer (254). */
export const LOGIN_NAME_MAX = 254;
const CAPTCHA_RESPONSE_MAX = 4096;
const INVITATION_TOKEN_MAX = 1024;

const CREDENTIALS_REQUIRED = 'Email and password are required';

/** POST /login_ (compat §3.1): `username` is whatever the user typed, email or username. */
export const loginBody = objectBody({
  username: requiredString('username', LOGIN_NAME_MAX, { message: CREDENTIALS_REQUIRED }),
  password: requiredString('password', PASSWORD_INPUT_MAX, { message: CREDENTIALS_REQUIRED }),
});

/** POST /user/register (compat §3.7, accounts §5). */
export const registerBody = objectBody({
  email: emailAddress,
  password: safeString(PASSWORD_INPUT_MAX),
  has_disabled_newsletter: z.boolean().optional(),
  'g-recaptcha-response': safeString(CAPTCHA_RESPONSE_MAX).optional(),
  // Sign-up from an invitation link (accounts §7); a bad pair is ignored, not an error.
  invitationType: z.enum(['organization', 'application']).optional().catch(undefined),
  invitationToken: safeString(INVITATION_TOKEN_MAX).optional().catch(undefined),
});

/** A password that proves the caller again: refresh with password, disable 2FA, delete account. */
export const passwordProofBody = objectBody({ password: requiredString('Password', PASSWORD_INPUT_MAX) });

/** A TOTP or recovery code (accounts §7). */
export const twoFactorCodeBody = objectBody({ code: requiredString('Code', 64, { trim: true }) });

/** PATCH /login_: a platform admin signs in as another user (accounts §6). */
export const loginAsBody = strictObjectBody({ username: requiredString('Username', LOGIN_NAME_MAX, { trim: true }) });

/** GET /actor/v1/whoami (compat §3.4): one shape per kind of actor. */
export const whoamiResponse = z.union([
  z.object({ id: z.number(), actorType: z.literal('user'), actorTypeId: z.number(), username: z.string(), email: z.string().nullable() }),
  z.object({ id: z.number(), actorType: z.literal('application'), actorTypeId: z.number(), slug: z.string() }),
  z.object({ id: z.number(), actorType: z.literal('device'), actorTypeId: z.number(), uuid: z.string() }),
]);
export type WhoamiResponse = z.infer<typeof whoamiResponse>;

/** POST /auth/v1/2fa-recover/create (accounts §7): the new recovery codes, shown once. */
export const recoveryCodesResponse = z.array(z.string());
