import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, uniqueEmail, whoamiOf, type TestUser } from './test-helpers.ts';
import { DEFAULT_LOGIN_RATE_LIMITS } from './login-rate-limit-config.ts';
import { TOO_MANY_REQUESTS } from './attempt-limits.ts';
import { latestEmailTo, linkIn } from '../account/test-mail.ts';

/**
 * Sign-in limits (login-rate-limit.ts) through HTTP, with small numbers so each case stays
 * short: 3 wrong passwords per (account, address) per 15 min, 5 per address per hour, 4 per
 * account per hour from addresses that never signed in to it. Every case uses its own
 * addresses and accounts. Each password check is a real argon2 verification, slow on a busy
 * machine, hence the generous timeout.
 */
const PAIR = 3;
const ADDRESS = 5;
const NEW_ADDRESSES = 4;
const QUARTER_HOUR_S = 15 * 60;
const SLOW = 120_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    loginRateLimit: {
      ...DEFAULT_LOGIN_RATE_LIMITS,
      perAccountAddress: { max: PAIR, windowMs: QUARTER_HOUR_S * 1000 },
      perAddress: { max: ADDRESS, windowMs: 3600_000 },
      perAccountFromNewAddresses: { max: NEW_ADDRESSES, windowMs: 3600_000 },
    },
  });
});
afterAll(() => ctx?.close());

let addressCounter = 0;
/** A documentation-range address nobody else in this file uses. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

const login = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/login_', remoteAddress, payload: { username, password } });

async function fail(username: string, remoteAddress: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await login(username, `wrong password ${i}`, remoteAddress);
    expect(res.statusCode, res.body).toBe(401);
  }
}

async function expectSignedIn(user: TestUser, remoteAddress: string): Promise<void> {
  const res = await login(user.email, user.password, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
}

function expectLimited(res: LightMyRequestResponse, maxSeconds: number): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: TOO_MANY_REQUESTS, code: 'too_many_requests' });
  const retryAfter = String(res.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

async function usernameOf(user: TestUser): Promise<string> {
  return (await whoamiOf(ctx.app, user.token)).body.username as string;
}

describe('per account and address', () => {
  it("a stranger's failures from one address do not block the owner at another", async () => {
    const owner = await signUp(ctx.app);
    const stranger = freshAddress();
    await fail(owner.email, stranger, PAIR);
    expectLimited(await login(owner.email, owner.password, stranger), QUARTER_HOUR_S);
    // The owner has never signed in from this address: still let in at once.
    await expectSignedIn(owner, freshAddress());
  }, SLOW);

  it('counts the email and the username of one account in one bucket', async () => {
    const owner = await signUp(ctx.app);
    const username = await usernameOf(owner);
    const address = freshAddress();
    await fail(owner.email, address, PAIR - 1);
    await fail(username, address);
    expectLimited(await login(username, owner.password, address), QUARTER_HOUR_S);
    expectLimited(await login(owner.email.toUpperCase(), owner.password, address), QUARTER_HOUR_S);
  }, SLOW);

  it('answers a login naming no account exactly like one naming an account', async () => {
    const owner = await signUp(ctx.app);
    const unknown = uniqueEmail('nobody');
    const unknownFrom = freshAddress();
    const cases: [string, string][] = [
      [owner.email, freshAddress()],
      [unknown, unknownFrom],
    ];
    for (const [name, address] of cases) {
      for (let i = 0; i < PAIR; i++) {
        const res = await login(name, `wrong password ${i}`, address);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid login credentials' });
      }
      expectLimited(await login(name, 'any password', address), QUARTER_HOUR_S);
    }
    // The unknown login's bucket is its normalized text.
    expectLimited(await login(` ${unknown.toUpperCase()}`, 'any password', unknownFrom), QUARTER_HOUR_S);
  }, SLOW);

  it('holds against parallel guesses: no more than the limit reach the password check', async () => {
    const owner = await signUp(ctx.app);
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: PAIR + 3 }, (_, i) => login(owner.email, `parallel guess ${i}`, address)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(PAIR);
    expect(codes.filter((c) => c === 429)).toHaveLength(PAIR + 3 - codes.filter((c) => c === 401).length);
    // Refused attempts did not count: the owner is held only by the guesses that were checked.
    const counted = await ctx.app.db.selectFrom('login_attempt').select('id').where('bucket', 'like', `pw-pair:${address}|%`).execute();
    expect(counted).toHaveLength(codes.filter((c) => c === 401).length);
  }, SLOW);

  it('counts an IPv6 client by its /64', async () => {
    const owner = await signUp(ctx.app);
    for (let i = 1; i <= PAIR; i++) await fail(owner.email, `2001:db8:77:1::${i}`);
    expectLimited(await login(owner.email, owner.password, '2001:db8:77:1:ffff::99'), QUARTER_HOUR_S);
    await expectSignedIn(owner, '2001:db8:77:2::1');
  }, SLOW);

  it('uses the documented default: the 11th try within 15 minutes is refused', async () => {
    const defaults = await createTestApp();
    try {
      const owner = await signUp(defaults.app);
      const attempt = (password: string) => defaults.app.inject({ method: 'POST', url: '/login_', remoteAddress: '192.0.2.10', payload: { username: owner.email, password } });
      for (let i = 0; i < DEFAULT_LOGIN_RATE_LIMITS.perAccountAddress.max; i++) expect((await attempt(`wrong ${i}`)).statusCode).toBe(401);
      const blocked = await attempt(owner.password);
      expectLimited(blocked, QUARTER_HOUR_S);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(QUARTER_HOUR_S - 60);
    } finally {
      await defaults.close();
    }
  }, SLOW);
});

describe('per address', () => {
  it('stops one address spraying many accounts only at the higher ceiling; other addresses and known accounts go on', async () => {
    const [resident, neighbour, newcomer] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    const office = freshAddress();
    // The resident has signed in from the office before: a known address for that account.
    await expectSignedIn(resident, office);
    // One wrong password on each of many logins (unknown ones count alike): under every per-account limit.
    for (let i = 0; i < ADDRESS; i++) {
      await fail(uniqueEmail('sprayed'), office);
      // Failures on other accounts from the same address, below the ceiling, block no one.
      if (i === ADDRESS - 2) await expectSignedIn(neighbour, office);
    }
    expectLimited(await login(newcomer.email, newcomer.password, office), 3600);
    await expectSignedIn(newcomer, freshAddress());
    await expectSignedIn(resident, office);
  }, SLOW);
});

describe('per account, from addresses that never signed in to it', () => {
  it('slows a run spread over many addresses without keeping the owner out', async () => {
    const owner = await signUp(ctx.app);
    const home = freshAddress();
    await expectSignedIn(owner, home);
    // A botnet: two wrong passwords from each of two addresses reach the account-wide count.
    for (let i = 0; i < NEW_ADDRESSES / 2; i++) await fail(owner.email, freshAddress(), 2);
    // Under the run, a new address still gets one try: the owner's right password gets in.
    await expectSignedIn(owner, freshAddress());
    // A new address that already used its try waits for its own (account, address) window.
    const guesser = freshAddress();
    await fail(owner.email, guesser);
    expectLimited(await login(owner.email, owner.password, guesser), QUARTER_HOUR_S);
    // At home the run changes nothing: typos and then the right password.
    await fail(owner.email, home, PAIR - 1);
    await expectSignedIn(owner, home);
  }, SLOW);
});

describe('other password checks share the limits', () => {
  it('counts wrong passwords re-entered for a fresh token with sign-in, per account and address', async () => {
    const owner = await signUp(ctx.app);
    const address = freshAddress();
    const reenter = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/user/v1/refresh-token', remoteAddress: address, headers: bearer(owner.token), payload: { password } });
    for (let i = 0; i < PAIR - 1; i++) expect((await reenter(`wrong ${i}`)).statusCode).toBe(401);
    await fail(owner.email, address);
    expectLimited(await reenter(owner.password), QUARTER_HOUR_S);
    expectLimited(await login(owner.email, owner.password, address), QUARTER_HOUR_S);
    await expectSignedIn(owner, freshAddress());
  }, SLOW);
});

describe('a password reset ends the lockout: the new password signs in at once', () => {
  /** The forgotten-password flow from `remoteAddress`: request, read the mail, set `password`. */
  async function resetPassword(user: TestUser, password: string, remoteAddress: string): Promise<TestUser> {
    const requested = await ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset/request', remoteAddress, payload: { email: user.email, 'g-recaptcha-response': 'dummy' } });
    expect(requested.statusCode, requested.body).toBe(200);
    const resetCode = decodeURIComponent(linkIn(await latestEmailTo(ctx.app.db, user.email)).pathname.slice('/user/reset-password/'.length));
    const done = await ctx.app.inject({ method: 'POST', url: '/user/v1/password-reset', remoteAddress, payload: { resetCode, password } });
    expect(done.statusCode, done.body).toBe(200);
    return { ...user, password };
  }

  it("after the owner's own typos at home, and where strangers' guesses locked the account", async () => {
    const owner = await signUp(ctx.app);
    const home = freshAddress();
    await expectSignedIn(owner, home);
    await fail(owner.email, home, PAIR);
    expectLimited(await login(owner.email, owner.password, home), QUARTER_HOUR_S);
    // Someone at the café the owner goes to next used up that address's tries on the account.
    const cafe = freshAddress();
    await fail(owner.email, cafe, PAIR);
    expectLimited(await login(owner.email, owner.password, cafe), QUARTER_HOUR_S);

    const renewed = await resetPassword(owner, 'a fresh start at home', home);
    await expectSignedIn(renewed, home);
    await expectSignedIn(renewed, cafe);
    // Wrong passwords count again from nothing, against the new password.
    await fail(owner.email, cafe, PAIR);
    expectLimited(await login(renewed.email, renewed.password, cafe), QUARTER_HOUR_S);
  }, SLOW);

  it("where the address's ceiling is reached too (the reset's address becomes known), without clearing that ceiling for others", async () => {
    const [owner, newcomer] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    const office = freshAddress();
    await fail(owner.email, office, PAIR);
    for (let i = PAIR; i < ADDRESS; i++) await fail(uniqueEmail('sprayed'), office);
    expectLimited(await login(owner.email, owner.password, office), 3600);
    expectLimited(await login(newcomer.email, newcomer.password, office), 3600);

    const renewed = await resetPassword(owner, 'a fresh start at the office', office);
    await expectSignedIn(renewed, office);
    // The ceiling counts guesses at every account from the office: one account's reset leaves it.
    expectLimited(await login(newcomer.email, newcomer.password, office), 3600);
  }, SLOW);
});

describe('housekeeping', () => {
  it('purges expired attempts and stale known addresses while writing new ones', async () => {
    const owner = await signUp(ctx.app);
    const userId = (await whoamiOf(ctx.app, owner.token)).body.actorTypeId as number;
    const longAgo = new Date(Date.now() - 400 * 24 * 3600_000);
    await ctx.app.db
      .insertInto('login_attempt')
      .values(['pw-addr:192.0.2.200', 'signup:192.0.2.201'].map((bucket) => ({ bucket, attempted_at: longAgo, expires_at: longAgo })))
      .execute();
    await ctx.app.db.insertInto('login_known_address').values({ user_id: userId, address: '192.0.2.202', last_success_at: longAgo }).execute();

    await fail(uniqueEmail('nobody'), freshAddress());
    const expired = await ctx.app.db.selectFrom('login_attempt').select('bucket').where('expires_at', '<=', new Date()).execute();
    expect(expired).toEqual([]);

    const address = freshAddress();
    await expectSignedIn(owner, address);
    const known = await ctx.app.db.selectFrom('login_known_address').select('address').where('user_id', '=', userId).execute();
    expect(known.map((k) => k.address)).toEqual([address]);
  }, SLOW);
});
