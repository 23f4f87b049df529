import { describe, expect, it } from 'vitest';
import { SAML_REQUEST_TTL_MS } from '@flotilla/core/saml';
import { readRelayState, relayStateFor } from './saml-relay-state.ts';

const SECRET = 'a-server-secret-of-enough-length-0123456789';

describe('SAML RelayState', () => {
  it('names the provider and request back, before it expires, with the same secret only', () => {
    const now = 1_000_000;
    const state = relayStateFor('acme', '_req1', SECRET, now);
    expect(readRelayState(state, SECRET, now + 1000)).toEqual({ ssoIdentifier: 'acme', requestId: '_req1' });
    expect(readRelayState(state, SECRET, now + SAML_REQUEST_TTL_MS)).toBeNull();
    expect(readRelayState(state, 'another-secret-of-enough-length-0123456789', now)).toBeNull();
  });

  it('refuses a missing or altered state', () => {
    const state = relayStateFor('acme', '_req1', SECRET);
    const [payload, signature] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sso: 'other' })).toString('base64url');
    expect(readRelayState(undefined, SECRET)).toBeNull();
    expect(readRelayState(`${forged}.${signature}`, SECRET)).toBeNull();
    expect(readRelayState(payload, SECRET)).toBeNull();
  });
});
