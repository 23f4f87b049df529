import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The CEILING for target-state polling: a bare Fastify server whose state route does the
 * HTTP part of the real one — same path shape, same headers, an ETag check answering 304 —
 * over a body computed once. No auth, no database: what is left is Fastify and the socket.
 */
export async function startCeilingServer(body: string): Promise<{ url: string; etag: string; body: string; close(): Promise<void> }> {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const app: FastifyInstance = Fastify({ logger: false });
  app.get<{ Params: { uuid: string } }>('/device/v3/:uuid/state', async (request, reply) => {
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    const tags = request.headers['if-none-match'];
    if (tags && tags.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, etag, body, close: () => app.close() };
}
