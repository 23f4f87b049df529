import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { uniqueEmail } from './test-helpers.ts';

/**
 * Sign-up with a captcha secret configured: the token is verified against a local stand-in
 * that speaks reCAPTCHA's siteverify protocol (form POST of secret + response → {success}).
 */
let ctx: TestContext;
let standIn: Server;
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: form.get('secret') === 'captcha-secret' && form.get('response') === 'human' }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  ctx = await createTestApp({ captchaSecret: 'captcha-secret', captchaVerifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify` });
});
afterAll(async () => {
  await ctx.close();
  standIn.close();
});

const register = (captcha?: string) =>
  ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: uniqueEmail('captcha'), password: 'correct horse battery', ...(captcha ? { 'g-recaptcha-response': captcha } : {}) } });

describe('sign-up with a configured captcha', () => {
  it('accepts a response the verifier confirms and refuses a missing or rejected one', async () => {
    expect((await register('human')).statusCode).toBe(201);
    expect(seen.at(-1)?.get('secret')).toBe('captcha-secret');
    const rejected = await register('robot');
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().error).toBe('Captcha verification failed');
    expect((await register()).statusCode).toBe(400);
  });
});
