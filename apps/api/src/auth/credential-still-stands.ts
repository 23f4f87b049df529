import type { FastifyRequest } from 'fastify';
import { extractCredential } from '../plugins/auth.ts';
import { resolveCredential } from './credentials.ts';

/**
 * Whether the credential a long-lived stream was opened with still stands: the session not
 * expired or revoked (password change, "log out other sessions"), the API key not deleted or
 * expired, and still naming the same actor. A stream checks this now and then (live events,
 * log tails), as the terminal does (terminal-session.ts `stillAllowed`), so revoking access
 * ends what is already open, not only what opens next.
 */
export async function credentialStillStands(request: FastifyRequest): Promise<boolean> {
  const credential = extractCredential(request);
  if (!credential) return request.principal.kind === 'anonymous';
  try {
    const { principal } = await resolveCredential(request.server.credentialReads, request.server.config, credential.token, { allowSession: credential.source === 'header' });
    return 'actorId' in principal && 'actorId' in request.principal && principal.actorId === request.principal.actorId;
  } catch {
    return false;
  }
}
