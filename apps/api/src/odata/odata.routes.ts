import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../auth/principal.ts';
import { badRequest } from '../lib/errors.ts';
import { jsonTextNestsDeeperThan, jsonTooDeep } from '../lib/json-nesting.ts';
import { registry } from '../model/registry.ts';
import { ACTION_PATH, handleUploadAction } from '../release-assets/release-asset-chunked.ts';
import { handleReleaseAssetMultipart, refuseClientAssetJson } from '../release-assets/release-asset-upload.ts';
import { createODataEngine, type ODataMethod } from './engine.ts';

/**
 * `/v7/*` (and the `/resin/*` alias): HTTP only. The raw, still percent-encoded URL goes to
 * the engine (the OData layer decodes it itself, compat §2.4); every answer is JSON.
 */
export const odataEngine = createODataEngine(registry);

const PREFIXES = ['/v7', '/resin'];

export const odataRoutes: FastifyPluginAsync = async (app) => {
  // Clients may send `Content-Type: application/json` with an empty DELETE body; this
  // parser (scoped to these routes) accepts that instead of failing with 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const s = typeof text === 'string' ? text : text.toString('utf8');
    if (s.trim() === '') return done(null, undefined);
    // A JSON field's value nested thousands deep overflows the stack when written (lib/json-nesting.ts).
    if (jsonTextNestsDeeperThan(s)) return done(jsonTooDeep(), undefined);
    try {
      done(null, JSON.parse(s));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });

  // multipart/form-data is parsed here, in this scope only, and taken only by release_asset
  // (release-assets/release-asset-upload.ts); the handler streams the parts itself.
  await app.register(multipart);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? request.url;
    const prefix = PREFIXES.find((p) => raw.startsWith(`${p}/`)) ?? '/v7';
    if (ACTION_PATH.test(raw.slice(prefix.length))) return handleUploadAction(odataEngine, request, reply, raw.slice(prefix.length), app.config);
    if (request.isMultipart()) return handleReleaseAssetMultipart(odataEngine, request, reply, raw.slice(prefix.length), app.config);
    const refusal = refuseClientAssetJson(request.method, raw.slice(prefix.length), request.body);
    if (refusal) return reply.status(refusal.status).type('application/json').send(JSON.stringify({ error: refusal.message }));
    const result = await odataEngine.execute(
      app.db,
      request.principal ?? ANONYMOUS,
      { method: request.method as ODataMethod, url: raw.slice(prefix.length), body: request.body },
      app.config,
    );
    if (result.headers) void reply.headers(result.headers);
    return reply.status(result.status).type('application/json').send(JSON.stringify(result.body));
  };

  for (const prefix of PREFIXES) {
    // Anonymous reads of public fleets' rows (model/resources/applications.ts); an anonymous write is 401 before its body is read.
    app.route({ method: ['GET', 'POST', 'PATCH', 'DELETE'], url: `${prefix}/*`, config: { acceptsAnonymous: ['GET', 'HEAD'] }, handler: handle });
  }
};
