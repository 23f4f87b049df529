import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { toast } from './toast.ts';
import i18n from './i18n.ts';
import { ApiError } from './http.ts';
import { getToken, isSignedIn, isTwoFactorPending, postLoginDestination, saveReturnUrl } from './session.ts';
import { accountStatusQuery, isVerificationPending } from '../features/account-email/api/account-email.queries.ts';

/**
 * Route guards (accounts spec §2 "Route guards"), used as `beforeLoad`. They throw TanStack
 * Router redirects, so they are plain functions that tests call directly.
 */

export interface LoginSearch {
  redirect?: string;
  /** The session ended by itself (expired, or its token was revoked): the sign-in page says so. */
  expired?: boolean;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  // `redirect` present (undefined when dropped): see ownKeys in components/data-list/list-search.ts.
  return {
    redirect: typeof search.redirect === 'string' && search.redirect !== '' ? search.redirect : undefined,
    expired: search.expired === true || search.expired === 'true' ? true : undefined,
  };
}

/** A signed-out user goes to /login; the page they asked for is kept for after sign-in. */
export function requireSignedIn({ location }: { location: { href: string } }): void {
  if (isSignedIn()) return;
  saveReturnUrl(location.href);
  // A pending second factor goes to the two-factor step, not back to the password form.
  if (isTwoFactorPending()) throw redirect({ to: '/login/two-factor', search: { redirect: location.href } });
  throw redirect({ to: '/login', search: { redirect: location.href } });
}

/**
 * Pages open to everyone that act on the session when there is one (invitation links): a
 * session whose second factor is pending finishes it first and comes back, rather than being
 * shown the signed-out page, whose sign-in would only lead back here (accounts spec §2).
 */
export function finishPendingSecondFactor({ location }: { location: { href: string } }): void {
  if (isTwoFactorPending()) throw redirect({ to: '/login/two-factor', search: { redirect: location.href } });
}

/** `/login/two-factor`: only for a pending session; signed in goes on, signed out to /login. */
export function requireTwoFactorPending({ search }: { search: LoginSearch }): void {
  if (isSignedIn()) throw redirect({ href: postLoginDestination(search.redirect) });
  if (!isTwoFactorPending()) throw redirect({ to: '/login', search });
}

/** Accounts spec §2: a user who must verify their email and has not is held on the pending page. */
export async function requireVerifiedEmail({ queryClient }: { queryClient: QueryClient }): Promise<void> {
  const status = await queryClient.ensureQueryData(accountStatusQuery);
  if (isVerificationPending(status)) throw redirect({ to: '/user/verify-email/pending' });
}

/**
 * A load of the signed-in layout refused with a 401 has ended the session (its token expired or
 * was revoked, e.g. by "Log out other sessions" elsewhere: lib/http.ts logs out): the user goes
 * to sign in, told the session expired (accounts spec §8 Session), and comes back here after.
 * Any other failure is rethrown (the layout's error with Retry).
 */
export function redirectIfSessionEnded(error: unknown, location: { href: string }): never {
  if (error instanceof ApiError && error.status === 401 && getToken() === null) {
    saveReturnUrl(location.href);
    throw redirect({ to: '/login', search: { redirect: location.href, expired: true } });
  }
  throw error;
}

/** `/user/verify-email/pending`: signed in and still pending, else on to /. */
export async function requireVerificationPending({ location, queryClient }: { location: { href: string }; queryClient: QueryClient }): Promise<void> {
  requireSignedIn({ location });
  const status = await queryClient.ensureQueryData(accountStatusQuery);
  if (!isVerificationPending(status)) throw redirect({ to: '/' });
}

/** A signed-in user on a login-only page goes to the saved redirect or /. */
export function redirectIfSignedIn({ search }: { search: LoginSearch }): void {
  if (!isSignedIn()) return;
  throw redirect({ href: postLoginDestination(search.redirect) });
}

/** A positive integer id from the URL, or null (then: "invalid id passed in URL", fleets spec §2). */
export function parseNumericId(raw: string): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A numeric id from the URL or, when it is not one, the invalid-id error and a redirect to the
 * parent page (accounts and fleets spec §2: "A non-numeric id shows an error and redirects to the parent").
 */
export function requireNumericParam(raw: string, parentHref: string): number {
  const id = parseNumericId(raw);
  if (id === null) {
    toast(i18n.t('common:errors.invalid_id_passed_in_url'), { variant: 'error' });
    throw redirect({ href: parentHref });
  }
  return id;
}

/** Guard for `/{fleets|apps|blocks}/$fleetId`: a non-numeric id shows the error and goes up to the class's list. */
export function requireNumericFleetId({ params }: { params: { fleetClass: string; fleetId: string } }): { fleetId: number } {
  return { fleetId: requireNumericParam(params.fleetId, `/${params.fleetClass}`) };
}
