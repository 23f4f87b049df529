import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TERMINAL_PATH } from '@flotilla/core/terminal-protocol';
import { addressKey } from '../auth/client-address.ts';
import { requireUser } from '../auth/guards.ts';
import type { AppConfig } from '../lib/config.ts';
import { findTerminalDevice } from './terminal-access.repository.ts';
import { serveTerminalSocket } from './terminal-session.ts';

const uuidParams = z.object({ uuid: z.string().regex(/^[0-9a-f]{7,62}$/i).transform((u) => u.toLowerCase()) });

/**
 * The origin a terminal socket may come from: the configured public URL's, else this server's
 * own (the dashboard is served by it). A page of any other origin cannot open a terminal with
 * the visitor's session even if it got hold of a token, and a request without an Origin (not a
 * browser) cannot either: the terminal is the dashboard's.
 */
export function isAllowedTerminalOrigin(request: FastifyRequest, config: Pick<AppConfig, 'publicUrl'>): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const expected = config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
  return origin === expected;
}

/**
 * The web terminal (fleets spec §7 "Terminal"): `GET /terminal/v1/{uuid}` upgraded to a
 * WebSocket (terminal-session.ts), and `GET /access/v1/hostos/{uuid}` (compat §4, fleets §7
 * "Entity tables"): 200 when the caller may open the device's host OS, else 401 — the same for a
 * device that does not exist, is not visible, or where the role lacks resin.device.ssh-host.
 */
export async function terminalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${TERMINAL_PATH}/:uuid`, {
    websocket: true,
    // A browser's websocket carries no Authorization header: the session comes in the socket (terminal-session.ts).
    config: { acceptsAnonymous: true },
    schema: { params: uuidParams },
    // Refused before the upgrade: a cross-origin page gets a plain 403, no socket.
    preValidation: async (request, reply) => {
      if (!isAllowedTerminalOrigin(request, app.config)) await reply.status(403).type('text/plain').send('Forbidden');
    },
  }, (socket, request) => {
    serveTerminalSocket(app, socket, request.params.uuid, addressKey(request.ip), request.log);
  });

  app.get('/access/v1/hostos/:uuid', { schema: { params: uuidParams } }, async (request, reply) => {
    const caller = requireUser(request);
    const device = await findTerminalDevice(app.db, caller, request.params.uuid, { kind: 'host' });
    return reply.status(device ? 200 : 401).type('text/plain').send(device ? 'OK' : 'Unauthorized');
  });
}
