// balena-sdk auth.verifyEmail against a live Flotilla server (compat/balena-api.md §3.7:
// POST /user/v1/verify-email {verificationToken, email}, no auth). The link is read from the
// outbox as the user would read it from their inbox.
import { describe, expect, it } from 'vitest';
import { listLatestEmails } from '../src/email/outbox.repository.ts';
import { sdkFor, signedUpSdk, unique, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();

/** Asks for a verification email (the dashboard's resend call) and returns the mailed token. */
async function mailedVerificationToken(sdk: Sdk, email: string): Promise<string> {
  await sdk.request.send({ method: 'POST', url: '/user/v1/resend-verification-email', baseUrl: server.current.url });
  const [mail] = await listLatestEmails(server.current.app.db, { to: email, limit: 1 });
  expect(mail?.kind).toBe('verify-email');
  const link = new URL(/https?:\/\/\S+/.exec(mail!.text_body)![0]);
  expect(link.searchParams.get('email')).toBe(email);
  return link.searchParams.get('token')!;
}

async function isVerified(sdk: Sdk): Promise<boolean> {
  const { body } = await sdk.request.send({ method: 'GET', url: '/user/v1/account-status', baseUrl: server.current.url });
  return (body as { is_verified: boolean }).is_verified;
}

describe('auth.verifyEmail', () => {
  it('verifies the address with the emailed token, without a session, and only once', async () => {
    const { sdk, email } = await signedUpSdk(server.current);
    const token = await mailedVerificationToken(sdk, email);
    expect(await isVerified(sdk)).toBe(false);

    // A client without a session (the link is opened anywhere) can verify.
    const anon = sdkFor(server.current);
    await anon.auth.verifyEmail({ email, token });
    expect(await isVerified(sdk)).toBe(true);

    await expect(anon.auth.verifyEmail({ email, token })).rejects.toMatchObject({
      code: 'BalenaRequestError',
      statusCode: 400,
      body: expect.stringContaining('The verification link is invalid or has expired'),
    });
  });

  it('refuses a token with another address or a made-up token, leaving the user unverified', async () => {
    const { sdk, email } = await signedUpSdk(server.current);
    const token = await mailedVerificationToken(sdk, email);
    const anon = sdkFor(server.current);
    await expect(anon.auth.verifyEmail({ email: `other${unique()}@example.com`, token })).rejects.toMatchObject({ statusCode: 400 });
    await expect(anon.auth.verifyEmail({ email, token: `made-up-${unique()}` })).rejects.toMatchObject({ statusCode: 400 });
    expect(await isVerified(sdk)).toBe(false);
    // The real token was not spent by the refused attempts.
    await anon.auth.verifyEmail({ email, token });
    expect(await isVerified(sdk)).toBe(true);
  });
});
