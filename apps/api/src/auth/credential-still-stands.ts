import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { extractCredential } from '../plugins/auth.ts';
import { resolveCredential } from './credentials.ts';

/**
 * Whether the credential a long-lived stream was opened with still stands: the session not
 * expired or revoked (password change, "log out other sessions"), the API key not deleted or
 * expired, and still naming the same actor. A stream checks this now and then (live events,
 * log tails, log uploads, device links), as the terminal does (terminal-session.ts
 * `stillAllowed`), so revoking access ends what is already open, not only what opens next.
 * A read that fails for another reason (the database unreachable) throws: a caller that must
 * not end over a blip (a device link, device-link/link-access.ts) keeps going and asks again.
 */
export async function credentialStands(request: FastifyRequest): Promise<boolean> {
  const credential = extractCredential(request);
  if (!credential) return request.principal.kind === 'anonymous';
  try {
    const { principal } = await resolveCredential(request.server.credentialReads, request.server.config, credential.token, { allowSession: credential.source === 'header' });
    return 'actorId' in principal && 'actorId' in request.principal && principal.actorId === request.principal.actorId;
  } catch (err) {
    if (err instanceof AppError && err.status === 401) return false;
    throw err;
  }
}

/** `credentialStands`, with a failed read counted as "no": a stream ends rather than serve on unchecked. */
export function credentialStillStands(request: FastifyRequest): Promise<boolean> {
  return credentialStands(request).catch(() => false);
}
