import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { SAML_REQUEST_TTL_MS, SAML_SIGNON_PAGE } from '@flotilla/core/saml';
import type { Db } from '../db/database.ts';
import { pendingSamlRequestTime, saveSamlRequest, type ProviderRow } from './saml.repository.ts';

/** Our service provider's names, from PUBLIC_URL (or the request's origin when it is unset). */
export interface ServiceProvider {
  /** The SP entity id: the audience every assertion must name. */
  entityId: string;
  /** The assertion consumer service (HTTP-POST binding). */
  acsUrl: string;
}

export function serviceProviderOf(origin: string): ServiceProvider {
  return { entityId: `${origin}/auth/saml`, acsUrl: `${origin}${SAML_SIGNON_PAGE}` };
}

/**
 * node-saml's store of AuthnRequest ids, in the database so that any API replica can take the
 * response: an id is saved when the request is made and answers only for this provider and
 * the one request the RelayState names. node-saml's own removal is a no-op: the sign-in
 * consumes the id atomically after the response validated (saml.repository.ts
 * consumeSamlRequest), which is what refuses a replay even when two arrive at once.
 */
function requestStore(db: Db, providerId: number, expectedRequestId: string | null): CacheProvider {
  return {
    async saveAsync(key, value) {
      await saveSamlRequest(db, key, providerId, new Date(Date.now() + SAML_REQUEST_TTL_MS));
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      if (expectedRequestId === null || key !== expectedRequestId) return null;
      const madeAt = await pendingSamlRequestTime(db, key, providerId);
      return madeAt ? madeAt.toISOString() : null;
    },
    async removeAsync(key) {
      return key;
    },
  };
}

/**
 * One provider as node-saml sees it: its entry point, issuer and certificate; our entity id as
 * the audience; responses and assertions signed (wantAuthnResponseSigned, wantAssertionsSigned),
 * InResponseTo always checked, NotBefore/NotOnOrAfter with one minute of clock skew.
 */
export function samlFor(db: Db, provider: ProviderRow, sp: ServiceProvider, expectedRequestId: string | null = null): SAML {
  return new SAML({
    entryPoint: provider.entry_point,
    idpIssuer: provider.issuer,
    idpCert: provider.certificate,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    acceptedClockSkewMs: 60_000,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => `_${randomBytes(20).toString('hex')}`,
    cacheProvider: requestStore(db, provider.id, expectedRequestId),
  });
}

/** The person a validated response names: the provider's id for them and the email it asserts. */
export interface SamlPersonProfile {
  remoteId: string;
  email: string | null;
  displayName: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function personOf(profile: Profile): SamlPersonProfile {
  const email = text(profile.email) ?? text(profile.mail) ?? text(profile['urn:oid:0.9.2342.19200300.100.1.3']) ?? (/^[^\s@]+@[^\s@]+$/.test(profile.nameID) ? profile.nameID : null);
  const name = [text(profile.firstName), text(profile.lastName)].filter(Boolean).join(' ');
  return { remoteId: profile.nameID, email, displayName: name || null };
}
