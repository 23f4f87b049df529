import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { totpCode, TOTP_PERIOD_SECONDS } from './totp.ts';

/** Factories for the two-factor tests: a user with 2FA enabled, codes computed like an app. */
export interface TwoFactorUser extends TestUser {
  secret: string;
  /** A token whose second factor passed. */
  passedToken: string;
  recoveryCodes: string[];
  /** Time offset (ms) for the next code; each call moves one step so codes are never replays. */
  nextOffsetMs: number;
}

export function claimsOf(token: string): Record<string, unknown> {
  return decodeJwt(token) as Record<string, unknown>;
}

/** The code of the next unused time step (one step of drift is accepted by the server). */
export function nextCode(user: { secret: string; nextOffsetMs: number }): string {
  const code = totpCode(user.secret, Date.now() + user.nextOffsetMs);
  user.nextOffsetMs += TOTP_PERIOD_SECONDS * 1000;
  return code;
}

export async function enableTwoFactor(app: FastifyInstance, user?: TestUser): Promise<TwoFactorUser> {
  const base = user ?? (await signUp(app));
  const setup = await app.inject({ method: 'GET', url: '/auth/totp/setup', headers: bearer(base.token) });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.body;
  // Start one step back so the test has this step and the next available for later codes. That
  // code is refused once the server's clock has entered the next step (one step of drift): near
  // a step's end (CI's load can delay a request by seconds), wait for the next step first.
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  const leftInStep = periodMs - (Date.now() % periodMs);
  if (leftInStep < 5_000) await new Promise((resolve) => setTimeout(resolve, leftInStep + 50));
  const state = { secret, nextOffsetMs: -periodMs };
  const enable = await app.inject({ method: 'POST', url: '/auth/totp/verify', headers: bearer(base.token), payload: { code: nextCode(state) } });
  expect(enable.statusCode, enable.body).toBe(200);
  const passedToken = enable.body;
  const codes = await app.inject({ method: 'POST', url: '/auth/v1/2fa-recover/create', headers: bearer(passedToken) });
  expect(codes.statusCode, codes.body).toBe(200);
  return { ...base, secret, passedToken, recoveryCodes: codes.json() as string[], nextOffsetMs: state.nextOffsetMs };
}

export async function signIn(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
