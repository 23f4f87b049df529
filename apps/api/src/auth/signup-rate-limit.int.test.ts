import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { uniqueEmail } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ signupRateLimit: { max: 3, windowMs: 3600_000 } });
});
afterAll(() => ctx.close());

const signUpFrom = (remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/user/register', remoteAddress, payload: { email: uniqueEmail('flood'), password: 'correct horse battery' } });

describe('sign-up rate limit', () => {
  it('refuses the 4th account from one address with 429 and Retry-After, while other addresses still sign up', async () => {
    for (let i = 0; i < 3; i++) expect((await signUpFrom('203.0.113.7')).statusCode).toBe(201);
    const blocked = await signUpFrom('203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'Too Many Requests. Try again later' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await signUpFrom('198.51.100.9')).statusCode).toBe(201);
  });

  it('does not count a rejected sign-up (bad input) against the address', async () => {
    for (let i = 0; i < 5; i++) {
      const bad = await ctx.app.inject({ method: 'POST', url: '/user/register', remoteAddress: '192.0.2.1', payload: { email: 'not-an-email', password: 'correct horse battery' } });
      expect(bad.statusCode).toBe(400);
    }
    expect((await signUpFrom('192.0.2.1')).statusCode).toBe(201);
  });

  it('creates at most the limit of accounts from a burst of parallel sign-ups; the rest get 429', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => signUpFrom('203.0.113.50')));
    const statuses = burst.map((r) => r.statusCode);
    const created = statuses.filter((s) => s === 201).length;
    expect(created).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - created);
    // Refused sign-ups are not counted: the burst and the sign-ups after it make 3 between them.
    let after = 0;
    while (after <= 3 && (await signUpFrom('203.0.113.50')).statusCode === 201) after++;
    expect(created + after).toBe(3);
  });

  it('counts sign-ups that end in 409 "email taken", so addresses cannot be probed without end', async () => {
    const taken = uniqueEmail('taken');
    const from = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/user/register', remoteAddress: '203.0.113.60', payload: { email, password: 'correct horse battery' } });
    expect((await from(taken)).statusCode).toBe(201);
    expect((await from(taken)).statusCode).toBe(409);
    expect((await from(taken.toUpperCase())).statusCode).toBe(409);
    const probe = await from(uniqueEmail('probe'));
    expect(probe.statusCode).toBe(429);
    expect(Number(probe.headers['retry-after'])).toBeGreaterThan(0);
  });
});
