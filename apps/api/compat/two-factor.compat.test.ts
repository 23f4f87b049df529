// balena-sdk auth.twoFactor.* against a live Flotilla server (compat/balena-api.md §3.6).
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { totpCode } from '../src/two-factor/totp.ts';
import { PASSWORD, recordStatuses, sdkFor, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();
const STEP_MS = 30_000;

describe('auth.twoFactor', () => {
  it('enables, challenges at the next login, and disables with the password', async () => {
    const { sdk, email } = await signedUpSdk(server.current);
    expect(await sdk.auth.twoFactor.isEnabled()).toBe(false);
    expect(await sdk.auth.twoFactor.isPassed()).toBe(true);

    const setupKey = await sdk.auth.twoFactor.getSetupKey();
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
    // enable() verifies the pairing code and stores the new token.
    const enabledToken = await sdk.auth.twoFactor.enable(totpCode(setupKey, Date.now() - STEP_MS));
    expect(decodeJwt(enabledToken).twoFactorRequired).toBe(false);
    expect(await sdk.auth.getToken()).toBe(enabledToken);
    expect(await sdk.auth.twoFactor.isEnabled()).toBe(true);
    expect(await sdk.auth.twoFactor.isPassed()).toBe(true);

    const other = sdkFor(server.current);
    await other.auth.login({ email, password: PASSWORD });
    expect(decodeJwt(await other.auth.getToken()).twoFactorRequired).toBe(true);
    expect(await other.auth.twoFactor.isEnabled()).toBe(true);
    expect(await other.auth.twoFactor.isPassed()).toBe(false);
    // The CLI calls whoami before the challenge.
    expect(await other.auth.whoami()).toMatchObject({ actorType: 'user', email });
    // Everything else is closed until the challenge passes.
    await expect(other.models.application.getAll()).rejects.toMatchObject({ statusCode: 401 });

    const statuses = recordStatuses(other);
    await expect(other.auth.twoFactor.challenge('000000' === totpCode(setupKey) ? '111111' : '000000')).rejects.toMatchObject({ statusCode: 401 });
    expect(statuses.at(-1)).toMatchObject({ status: 401 });
    await other.auth.twoFactor.challenge(totpCode(setupKey));
    expect(await other.auth.twoFactor.isPassed()).toBe(true);
    expect(await other.models.application.getAll()).toEqual(expect.any(Array));

    // verify() answers a passed token without storing it.
    const third = sdkFor(server.current);
    await third.auth.login({ email, password: PASSWORD });
    const pendingToken = await third.auth.getToken();
    const verified = await third.auth.twoFactor.verify(totpCode(setupKey, Date.now() + STEP_MS));
    expect(decodeJwt(verified).twoFactorRequired).toBe(false);
    expect(await third.auth.getToken()).toBe(pendingToken);

    const disabledToken = await other.auth.twoFactor.disable(PASSWORD);
    expect(decodeJwt(disabledToken).twoFactorRequired).toBeUndefined();
    expect(await other.auth.twoFactor.isEnabled()).toBe(false);
    const fresh = sdkFor(server.current);
    await fresh.auth.login({ email, password: PASSWORD });
    expect(await fresh.auth.twoFactor.isPassed()).toBe(true);
  });
});
