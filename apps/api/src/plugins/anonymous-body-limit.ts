import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { AppError, unauthorized } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The largest body an anonymous caller may send this route (bytes); ANONYMOUS_BODY_LIMIT
     * when unset. Only for a public route whose anonymous body is legitimately larger (the
     * identity provider's SAML form post).
     */
    anonymousBodyLimit?: number;
  }
}

/**
 * The most a caller without a credential may send (bytes). The anonymous bodies the product
 * takes (sign-up, sign-in, password reset, email verification, SAML finalize, OAuth token,
 * the local processor's card confirm) are well under 1 KiB; the server-wide bodyLimit (10 MiB,
 * app.ts) is for authenticated callers.
 */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

export const ANONYMOUS_BODY_TOO_LARGE = 'Request body is too large';

/**
 * What a body past the anonymous limit answers: on a route that needs a credential, the 401 the
 * route itself would give ("You have to log in", compat §1.5: unauthenticated is always 401);
 * on a public route, 413.
 */
function refusal(isPublicRoute: boolean): AppError {
  return isPublicRoute ? new AppError(413, ANONYMOUS_BODY_TOO_LARGE, 'anonymous_body_too_large') : unauthorized(AUTH_MESSAGES.notLoggedIn);
}

/** Passes the bytes through until more than `limit` went by, then fails with `error` (a chunked body has no length to check first). */
class CappedBody extends Transform {
  private seen = 0;
  constructor(
    private readonly limit: number,
    private readonly error: AppError,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) return callback(this.error);
    callback(null, chunk);
  }
}

/**
 * The preParsing half of the auth plugin (plugins/auth.ts): a caller the onRequest hook left
 * anonymous (no credential, or a bad one on a public route) never gets more than the anonymous
 * limit read and parsed. A declared length past it is refused before a byte of the body is
 * read, and the connection is closed after the answer, so the rest is not read either (a
 * keep-alive connection would otherwise drain it); a chunked body is cut off once it passes it.
 * Within the limit the route answers as it always did. A route that needs a credential never
 * gets here without one (plugins/auth.ts answers 401 first): what remains anonymous is a public
 * route, an `acceptsAnonymous` one, or a bad credential a public route ignored.
 * Callers with a credential (including a key a `resolvesOwnApiKey` route resolves itself) keep
 * the server's bodyLimit.
 */
export function capAnonymousBody(request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream, isPublicRoute: boolean): NodeJS.ReadableStream {
  if (request.principal.kind !== 'anonymous' || request.deferredApiKey !== null) return payload;
  const limit = request.routeOptions.config?.anonymousBodyLimit ?? ANONYMOUS_BODY_LIMIT;
  const declared = request.headers['content-length'];
  if (declared !== undefined) {
    // A length Node accepted is digits only; within the limit Fastify's own check (the bytes
    // received equal the declared length) keeps the body to it.
    if (Number(declared) <= limit) return payload;
    void reply.header('connection', 'close');
    throw refusal(isPublicRoute);
  }
  if (request.headers['transfer-encoding'] === undefined) return payload;
  // Fastify closes the connection after a body that failed to parse, this one included.
  const capped = new CappedBody(limit, refusal(isPublicRoute));
  payload.once('error', (err: Error) => capped.destroy(err));
  return payload.pipe(capped);
}
