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
});
