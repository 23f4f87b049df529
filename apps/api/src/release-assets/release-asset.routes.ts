import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANONYMOUS } from '../auth/principal.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { odataEngine } from '../odata/odata.routes.ts';
import { expectedPartSize, storeUploadPart } from './release-asset-chunked.ts';
import { findAssetFileHead, readAssetFileSlices } from './release-asset-store.ts';
import { hrefKeyValid } from './asset-href.ts';
import { releaseWhenDone } from './asset-body-slots.ts';
import { releaseAssetMaxBytes } from './release-asset-upload.ts';

const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const partParams = z.object({ uuid: z.string().uuid(), n: z.coerce.number().int().positive().max(10_000) });
const query = z.object({ key: z.string().min(1).max(128).optional() });

/** RFC 6266: an ASCII fallback and the exact name in UTF-8. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `GET /release-asset/v1/<id>/download` — a release asset's href. Two ways in: the signed `key`
 * the href carries until it expires (asset-href.ts; balena-sdk `asset.download` fetches href
 * without its token, as it would a pre-signed S3 URL), or else the caller's own session or API
 * key, allowed when the model layer lets it read the release_asset row (the dashboard sends its
 * session with the href). A wrong or expired key without such a caller, a row the caller cannot
 * read and a missing row or file are the same 404. The file always comes as an attachment in a
 * sandbox: an uploaded HTML page must not run on the API's origin. Errors are text: the SDK
 * streams this route (plugins/error-handler.ts `errorsAsText`).
 */
export async function releaseAssetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/release-asset/v1/:id/download', { config: { acceptsAnonymous: true, errorsAsText: true }, schema: { params, querystring: query } }, async (request, reply) => {
    const { id } = request.params;
    const { key } = request.query;
    const file = await findAssetFileHead(app.db, id);
    if (!file) throw notFound('Release asset not found');
    if (key === undefined || !hrefKeyValid(key, file.downloadKey)) {
      const seen = await odataEngine.execute(app.db, request.principal ?? ANONYMOUS, { method: 'GET', url: `/release_asset(${id})?$select=id` }, app.config);
      if (seen.status !== 200 || (seen.body as { d: unknown[] }).d.length === 0) throw notFound('Release asset not found');
    }
    return reply
      .header('content-length', String(file.size))
      .header('content-type', file.asset.content_type)
      .header('content-disposition', contentDisposition(file.asset.filename))
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(readAssetFileSlices(app.db, id, file)));
  });

  // A chunked upload's parts (release-asset-chunked.ts): raw bytes whatever the content type
  // (the SDK's fetch sends none), in a scope of their own so no other route takes them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: releaseAssetMaxBytes(scope.config) }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().put('/release-asset/v1/uploads/:uuid/parts/:n', {
      schema: { params: partParams },
      // The SDK sends parts without a credential (the upload's uuid is the capability, as a
      // presigned URL is), so the anonymous body limit would refuse them: the size is checked
      // against the announced part below, before a byte is read.
      config: { acceptsAnonymous: true, anonymousBodyLimit: releaseAssetMaxBytes(scope.config) },
      // Before a byte of the body is read: the upload exists and the part is announced at its exact
      // size. Otherwise anyone could hold the body limit (100 MB) in memory per connection.
      onRequest: async (request, reply) => {
        const parsed = partParams.safeParse(request.params);
        const expected = parsed.success ? await expectedPartSize(scope.db, parsed.data.uuid, parsed.data.n) : null;
        if (expected === null) throw notFound('Upload not found');
        const announced = request.headers['content-length'];
        if (announced === undefined) throw new AppError(411, 'A part must be sent with its Content-Length');
        if (Number(announced) !== expected) throw badRequest(`Part ${parsed.data!.n} must be ${expected} bytes, not ${announced}`);
        // Held until the answer is sent (or the connection drops): the body is read whole first.
        releaseWhenDone(reply.raw, await scope.assetBodySlots.reserve(expected));
      },
    }, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const etag = await storeUploadPart(scope.db, request.params.uuid, request.params.n, body);
      return reply.header('etag', `"${etag}"`).header('access-control-expose-headers', 'ETag').status(200).send();
    });
  });
}
