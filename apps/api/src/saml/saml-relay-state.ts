import { createHmac, timingSafeEqual } from 'node:crypto';
import { SAML_REQUEST_TTL_MS } from '@flotilla/core/saml';

/**
 * The RelayState a sign-in sends to the identity provider and gets back with its response
 * (SAML bindings §3.4.3, §3.5.3): which provider (by SSO identifier) and which AuthnRequest the
 * answer belongs to, with an expiry, signed with the server's secret. The IdP posts it back
 * cross-site, where a SameSite cookie would not come along, so the state travels here; the
 * request id in it is consumed once (saml_request), so a replayed response is refused.
 */
interface RelayPayload {
  sso: string;
  rid: string;
  exp: number;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(`saml-relay-state:${payload}`).digest('base64url');

export function relayStateFor(ssoIdentifier: string, requestId: string, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ sso: ssoIdentifier, rid: requestId, exp: now + SAML_REQUEST_TTL_MS } satisfies RelayPayload)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The provider and request the RelayState names, or null (absent, forged, expired). */
export function readRelayState(value: string | undefined, secret: string, now = Date.now()): { ssoIdentifier: string; requestId: string } | null {
  const [payload, signature, ...rest] = value?.split('.') ?? [];
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: RelayPayload;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as RelayPayload;
  } catch {
    return null;
  }
  if (typeof parsed.sso !== 'string' || typeof parsed.rid !== 'string' || typeof parsed.exp !== 'number' || parsed.exp <= now) return null;
  return { ssoIdentifier: parsed.sso, requestId: parsed.rid };
}
