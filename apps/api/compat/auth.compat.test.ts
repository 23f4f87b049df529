// balena-sdk auth.* against a live Flotilla server (compat/balena-api.md §3).
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { listLatestEmails } from '../src/email/outbox.repository.ts';
import { PASSWORD, orgAndFleet, recordStatuses, registeredDevice, sdkFor, signedUpSdk, unique, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('auth', () => {
  it('registers a user: register() answers a session token that works as a credential', async () => {
    const sdk = sdkFor(server.current);
    const email = `r${unique()}@example.com`;
    const token = await sdk.auth.register({ email, password: PASSWORD } as never);
    expect(typeof token).toBe('string');
    const claims = decodeJwt(token);
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp! - claims.iat!).toBeGreaterThan(3600);
    // register() does not log the SDK in; the returned token does.
    expect(await sdk.auth.isLoggedIn()).toBe(false);
    await sdk.auth.loginWithToken(token);
    expect(await sdk.auth.whoami()).toMatchObject({ actorType: 'user', email });
  });

  it('refuses to register the same email twice', async () => {
    const { email } = await signedUpSdk(server.current);
    const sdk = sdkFor(server.current);
    const statuses = recordStatuses(sdk);
    await expect(sdk.auth.register({ email, password: PASSWORD } as never)).rejects.toMatchObject({ code: 'BalenaRequestError' });
    expect(statuses.at(-1)?.status).toBeGreaterThanOrEqual(400);
    expect(statuses.at(-1)?.status).toBeLessThan(500);
  });

  it('logs in with email or username and stores a JWT the SDK can read', async () => {
    const { email, username } = await signedUpSdk(server.current);
    const byEmail = sdkFor(server.current);
    await byEmail.auth.login({ email, password: PASSWORD });
    const token = await byEmail.auth.getToken();
    expect(decodeJwt(token).twoFactorRequired).toBeUndefined();
    expect(await byEmail.auth.twoFactor.isPassed()).toBe(true);
    // authenticate() answers the token without storing it.
    const bare = sdkFor(server.current);
    const fresh = await bare.auth.authenticate({ email, password: PASSWORD });
    expect(decodeJwt(fresh).iat).toEqual(expect.any(Number));
    expect(await bare.auth.isLoggedIn()).toBe(false);
    const byUsername = sdkFor(server.current);
    await byUsername.auth.login({ email: username, password: PASSWORD });
    expect((await byUsername.auth.getUserInfo()).email).toBe(email);
  });

  it('answers whoami, getUserInfo and getActorId with distinct actor and user ids', async () => {
    const { sdk, email, username } = await signedUpSdk(server.current);
    const me = await sdk.auth.whoami();
    expect(me).toMatchObject({ actorType: 'user', email, username });
    const info = await sdk.auth.getUserInfo();
    expect(info).toEqual({ id: me!.actorTypeId, actor: me!.id, email, username });
    expect(await sdk.auth.getActorId()).toBe(me!.id);
    // The SDK reads the user row by the user id, not the actor id.
    const user = await sdk.pine.get({ resource: 'user', id: info.id, options: { $select: ['id', 'username', 'actor'] } });
    expect(user).toMatchObject({ id: info.id, username, actor: { __id: info.actor } });
  });

  it('treats anonymous and garbage credentials as logged out (401 on whoami)', async () => {
    const anon = sdkFor(server.current);
    const statuses = recordStatuses(anon);
    expect(await anon.auth.isLoggedIn()).toBe(false);
    expect(await anon.auth.whoami()).toBeUndefined();
    await expect(anon.auth.getUserInfo()).rejects.toMatchObject({ code: 'BalenaNotLoggedIn' });
    expect(statuses.some((s) => s.url.endsWith('/actor/v1/whoami') && s.status === 401)).toBe(true);

    const garbage = sdkFor(server.current);
    await garbage.auth.loginWithToken(`notakey${unique()}${unique()}`).catch(() => undefined);
    expect(await garbage.auth.isLoggedIn()).toBe(false);
  });

  it('rejects an unknown user and a wrong password alike with BalenaInvalidLoginCredentials', async () => {
    const { email } = await signedUpSdk(server.current);
    const sdk = sdkFor(server.current);
    await expect(sdk.auth.login({ email: `nobody${unique()}@example.com`, password: PASSWORD })).rejects.toMatchObject({
      code: 'BalenaInvalidLoginCredentials',
    });
    await expect(sdk.auth.login({ email, password: 'not the password' })).rejects.toMatchObject({ code: 'BalenaInvalidLoginCredentials' });
    expect(await sdk.auth.isLoggedIn()).toBe(false);
  });

  it('logs in with a session token (loginWithToken) and logs out client-side only', async () => {
    const { sdk, email } = await signedUpSdk(server.current);
    const token = await sdk.auth.getToken();
    const second = sdkFor(server.current);
    await second.auth.loginWithToken(token);
    expect(await second.auth.isLoggedIn()).toBe(true);
    expect((await second.auth.getUserInfo()).email).toBe(email);
    await second.auth.logout();
    expect(await second.auth.isLoggedIn()).toBe(false);
    await expect(second.auth.getToken()).rejects.toMatchObject({ code: 'BalenaNotLoggedIn' });
    // Logout is client-side: the first SDK's identical token still works.
    expect(await sdk.auth.isLoggedIn()).toBe(true);
  });

  it('resolves whoami for provisioning and device keys to their application and device actors', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const provisioningKey = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: slug, keyExpiryDate: null } as never);
    const asFleet = sdkFor(server.current);
    await asFleet.auth.loginWithToken(provisioningKey);
    expect(await asFleet.auth.whoami()).toMatchObject({ actorType: 'application', actorTypeId: fleetId, slug });
    await expect(asFleet.auth.getUserInfo()).rejects.toBeTruthy();

    const { uuid, id, apiKey } = await registeredDevice(sdk, slug);
    const asDevice = sdkFor(server.current);
    await asDevice.auth.loginWithToken(apiKey);
    expect(await asDevice.auth.whoami()).toMatchObject({ actorType: 'device', actorTypeId: id, uuid });
  });

  it('requestVerificationEmail() (PATCH user has_been_sent_verification_email) queues a verification email', async () => {
    const { sdk, email } = await signedUpSdk(server.current);
    const before = await listLatestEmails(server.current.app.db, { to: email, limit: 10 });
    await sdk.auth.requestVerificationEmail();
    const after = await listLatestEmails(server.current.app.db, { to: email, limit: 10 });
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.kind).toBe('verify-email');
  });
});
