import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestToken } from './http.ts';
import type { Actor } from './model.ts';

/** Accounts spec §5: without a configured captcha key the dashboard sends a dummy value. */
export const DUMMY_CAPTCHA_RESPONSE = 'dummy-captcha-response';

export function captchaResponse(): string {
  return DUMMY_CAPTCHA_RESPONSE;
}

/** POST /login_ (compat §3.1): the field is `username` though it carries the email. */
export function login(email: string, password: string): Promise<string> {
  return apiRequestToken('/login_', { method: 'POST', body: { username: email, password }, auth: false });
}

/** Accounts spec §7 Registration: an invitation token makes the new user join at once. */
export interface RegistrationInvitation {
  invitationType: 'organization' | 'application';
  invitationToken: string;
}

export function register(email: string, password: string, invitation?: RegistrationInvitation, hasDisabledNewsletter = false): Promise<string> {
  return apiRequestToken('/user/register', {
    method: 'POST',
    body: { email, password, has_disabled_newsletter: hasDisabledNewsletter, 'g-recaptcha-response': captchaResponse(), ...invitation },
    auth: false,
  });
}

/** GET /user/v1/refresh-token (compat §3.3): a new token for the current one. */
export function refreshToken(): Promise<string> {
  return apiRequestToken('/user/v1/refresh-token');
}

function isActor(value: unknown): value is Actor {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.actorType === 'string' && typeof v.actorTypeId === 'number';
}

export async function whoami(): Promise<Actor> {
  const body = await apiRequest('/actor/v1/whoami');
  if (!isActor(body)) throw new Error('Unexpected whoami response');
  return body;
}

/** Who is signed in; cached for the session (cleared on logout with the rest of the cache). */
export const whoamiQuery = queryOptions({
  queryKey: ['whoami'],
  queryFn: whoami,
  staleTime: Infinity,
});
