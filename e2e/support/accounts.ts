// Shared steps for account journeys in the browser (accounts spec §2, §4): reading emailed
// links from the outbox as a user reads their inbox, session claims, signing in and out, an
// authenticator app that never reuses a time step, and fresh SSH keys with their fingerprints.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { listLatestEmails } from '../../apps/api/src/email/outbox.repository.ts';
import { totpCode, TOTP_PERIOD_SECONDS } from '../../apps/api/src/two-factor/totp.ts';
import { ed25519Key } from '../../apps/api/src/test/ssh-public-key.ts';
import type { Stack } from './stack.ts';

/** The path and query of the newest link mailed to `to`, which must be of `kind`. */
export async function emailedPath(stack: Stack, to: string, kind: string): Promise<string> {
  const [mail] = await listLatestEmails(stack.app.db, { to, limit: 1 });
  expect(mail?.kind, `newest email to ${to}`).toBe(kind);
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '');
  return `${link.pathname}${link.search}`;
}

/**
 * Hands a session token to the page (sign-in itself is covered by the auth tests), with the
 * cookie banner already answered so it covers nothing; the page is left on /login.
 */
export async function storeSession(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ([t]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem('flotilla.token', t);
      storage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');
    },
    [token] as const,
  );
}

/** The stored session token of the page ('' when signed out). */
export async function sessionToken(page: Page): Promise<string> {
  return String(await page.evaluate("localStorage.getItem('flotilla.token') ?? ''"));
}

/** The claims of the page's session token. */
export async function sessionClaims(page: Page): Promise<Record<string, unknown>> {
  const token = await sessionToken(page);
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

/** Signs out from the user menu in the header. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
}

/**
 * From the sign-in page, asks for a password reset link for `email`, as a user who forgot would,
 * and waits for the page's answer. The URL changes before the reset page renders (its chunk
 * loads): until its heading shows, "Email" is still the sign-in form's field.
 */
export async function requestPasswordReset(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/password-reset$/);
  await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(`If an account exists for ${email}`).waitFor();
}

/** Fills and submits the sign-in form; where it leads is for the caller to wait for. */
export async function submitSignIn(page: Page, baseUrl: string, login: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * An authenticator app for a setup key. The server refuses a time step already used (replay
 * protection) and accepts codes one step either side of now, so each code comes from the step
 * after the last one used; when that step is too far ahead, it waits for the clock.
 */
export class Authenticator {
  private lastStep = -Infinity;

  constructor(readonly setupKey: string) {}

  async next(): Promise<string> {
    const stepMs = TOTP_PERIOD_SECONDS * 1000;
    const now = Date.now();
    // The previous step is still accepted, unless the current one is about to end.
    const oldestSafe = Math.floor(now / stepMs) - (now % stepMs < stepMs - 5000 ? 1 : 0);
    const step = Math.max(this.lastStep + 1, oldestSafe);
    // Accepted once the current step is at least step - 1; a margin covers the request time.
    const acceptedFrom = (step - 1) * stepMs + 500;
    if (Date.now() < acceptedFrom) await new Promise((resolve) => setTimeout(resolve, acceptedFrom - Date.now()));
    this.lastStep = step;
    return totpCode(this.setupKey, step * stepMs + 1);
  }

  /** A code that is wrong now (differs from every code the server would accept). */
  wrong(): string {
    const stepMs = TOTP_PERIOD_SECONDS * 1000;
    const near = [-2, -1, 0, 1, 2].map((s) => totpCode(this.setupKey, Date.now() + s * stepMs));
    return ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !near.includes(c))!;
  }
}

/** A new ed25519 public key in OpenSSH form and the fingerprint `ssh-keygen -l` prints for it. */
export const newSshKey = (comment: string): { publicKey: string; fingerprint: string } => ed25519Key(comment);
