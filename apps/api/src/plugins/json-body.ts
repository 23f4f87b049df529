import type { FastifyInstance } from 'fastify';
import { jsonTextNestsDeeperThan, jsonTooDeep } from '../lib/json-nesting.ts';

/**
 * `application/json` bodies of every route: Fastify's own parser (empty and invalid bodies, and
 * `__proto__`/`constructor.prototype` keys, answer 400 as before), after a bound on how deep the
 * body nests (lib/json-nesting.ts). Called on the root instance before any route is added, so
 * every scope inherits it; a scope with a parser of its own (odata.routes.ts) checks the same.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const fastifyJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTextNestsDeeperThan(text)) return done(jsonTooDeep(), undefined);
    fastifyJson(request, text, done);
  });
}
