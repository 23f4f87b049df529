/**
 * Invitation tokens (accounts spec §5 "Invitation token must decode to a resource and name").
 *
 * A token is `<payload>.<secret>`: the payload is base64url JSON naming what the invite is for
 * (`organization` or `application`) and its display name, so the accept screen can say what
 * the user is joining before any request; the secret is random. The server stores only a hash
 * of the whole token, so the payload cannot be altered to point elsewhere, and it never trusts
 * the payload — it looks the invite up by the hash.
 */

export type InvitationResource = 'organization' | 'application';

export interface InvitationTokenPayload {
  resource: InvitationResource;
  name: string;
}

const RESOURCES: readonly string[] = ['organization', 'application'];

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Builds a token from its payload and a random secret (the caller supplies the randomness). */
export function encodeInvitationToken(payload: InvitationTokenPayload, secret: string): string {
  return `${toBase64Url(JSON.stringify({ resource: payload.resource, name: payload.name }))}.${secret}`;
}

/** The payload of a well-formed token, or null ("invitation token error" on the accept screen). */
export function decodeInvitationToken(token: string): InvitationTokenPayload | null {
  const [payload, secret, ...rest] = token.split('.');
  if (!payload || !secret || rest.length > 0) return null;
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(payload));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { resource, name } = parsed as Record<string, unknown>;
    if (typeof resource !== 'string' || !RESOURCES.includes(resource) || typeof name !== 'string' || name === '') return null;
    return { resource: resource as InvitationResource, name };
  } catch {
    return null;
  }
}
