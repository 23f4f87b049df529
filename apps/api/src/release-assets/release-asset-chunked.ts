import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ANONYMOUS } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import type { ODataEngine } from '../odata/engine.ts';
import { parseODataUrl } from '../odata/parse.ts';
import { storeJoinedUpload } from './release-asset-store.ts';
import { apiOrigin, releaseAssetMaxBytes } from './release-asset-upload.ts';

/**
 * The bound actions of balena-sdk's chunked upload (files over 5 MiB, compat §2.3):
 * `POST /v7/release_asset(<id>)/beginUpload|commitUpload|cancelUpload`. Each first runs an
 * empty PATCH of the row through the OData engine, so exactly who may update the asset may
 * upload to it (a row the caller cannot see is 404). beginUpload hands out one URL per part —
 * `PUT /release-asset/v1/uploads/<uuid>/parts/<n>`, the unguessable uuid standing in for the
 * pre-signed S3 URLs the SDK expects (it PUTs them without its token) — and commitUpload joins
 * the parts into the asset's file.
 */
export const ACTION_PATH = /^\/(release_asset|release__has__asset_key)\((\d+)\)\/(beginUpload|commitUpload|cancelUpload)$/;
const MAX_PARTS = 10_000;

const beginBody = z.object({
  asset: z.object({
    filename: z.string().min(1).max(255),
    content_type: z.string().regex(/^[\w.+-]+\/[\w.+-]+(;.*)?$/, 'not a media type').max(255),
    size: z.number().int().positive(),
    chunk_size: z.number().int().positive().max(2_147_483_647),
  }),
});
const commitBody = z.object({
  uuid: z.string().uuid(),
  providerCommitData: z.object({ Parts: z.array(z.object({ PartNumber: z.number().int().positive(), ETag: z.string().max(128) })).min(1).max(MAX_PARTS) }),
});
const cancelBody = z.object({ uuid: z.string().uuid() });

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw badRequest(`Invalid body: ${issues(r.error)}`);
  return r.data;
}

export const etagOf = (content: Buffer) => createHash('md5').update(content).digest('hex');

/** The size part `n` (1-based) of an upload must have. */
export const partSize = (size: number, chunk: number, n: number) => Math.min(chunk, size - (n - 1) * chunk);

export async function handleUploadAction(engine: ODataEngine, request: FastifyRequest, reply: FastifyReply, url: string, config: AppConfig): Promise<FastifyReply> {
  const send = (status: number, body: unknown) => reply.status(status).type('application/json').send(JSON.stringify(body));
  const m = ACTION_PATH.exec(url);
  try {
    if (!m || request.method !== 'POST') throw new AppError(405, 'Upload actions are POSTed to /v7/release_asset(<id>)/<action>');
    const assetId = Number(m[2]);
    const principal = request.principal ?? ANONYMOUS;
    const body = await request.server.db.transaction().execute(async (tx) => {
      // The engine's update path decides (401 for anonymous or a reader, 404 for a row not seen).
      await engine.run(tx, principal, 'PATCH', parseODataUrl(`/release_asset(${assetId})`), {}, config);
      if (m[3] === 'beginUpload') return beginUpload(tx, assetId, parse(beginBody, request.body).asset, apiOrigin(request, config), releaseAssetMaxBytes(config));
      if (m[3] === 'commitUpload') return commitUpload(tx, assetId, parse(commitBody, request.body), apiOrigin(request, config));
      const { uuid } = parse(cancelBody, request.body);
      const gone = await tx.deleteFrom('release_asset_upload').where('uuid', '=', uuid).where('release_asset', '=', assetId).executeTakeFirst();
      if (gone.numDeletedRows === 0n) throw notFound('Upload not found');
      return 'OK';
    });
    return send(200, body);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return send(err.status, { error: err.message, ...(err.code ? { code: err.code } : {}) });
    throw err;
  }
}

async function beginUpload(db: Db, assetId: number, asset: z.infer<typeof beginBody>['asset'], origin: string, maxBytes: number) {
  if (asset.size > maxBytes) throw new AppError(413, `The file is larger than the ${maxBytes} bytes a release asset may have`);
  const parts = Math.ceil(asset.size / asset.chunk_size);
  if (parts > MAX_PARTS) throw badRequest(`chunk_size too small: at most ${MAX_PARTS} parts`);
  await sql`DELETE FROM release_asset_upload WHERE created_at < now() - interval '1 day'`.execute(db);
  const uuid = randomUUID();
  await db
    .insertInto('release_asset_upload')
    .values({ uuid, release_asset: assetId, filename: asset.filename, content_type: asset.content_type, size: asset.size, chunk_size: asset.chunk_size })
    .execute();
  const uploadParts = Array.from({ length: parts }, (_, i) => ({
    url: `${origin}/release-asset/v1/uploads/${uuid}/parts/${i + 1}`,
    chunkSize: partSize(asset.size, asset.chunk_size, i + 1),
    partNumber: i + 1,
  }));
  return { asset: { uuid, uploadParts } };
}

async function commitUpload(db: Db, assetId: number, body: z.infer<typeof commitBody>, origin: string) {
  const upload = await db.selectFrom('release_asset_upload').selectAll().where('uuid', '=', body.uuid).where('release_asset', '=', assetId).forUpdate().executeTakeFirst();
  if (!upload) throw notFound('Upload not found');
  const size = Number(upload.size);
  const expected = Math.ceil(size / upload.chunk_size);
  const stored = await db.selectFrom('release_asset_upload_part').select(['part_number', 'etag']).where('upload', '=', body.uuid).orderBy('part_number').execute();
  const sent = new Map(body.providerCommitData.Parts.map((p) => [p.PartNumber, p.ETag.replace(/^"+|"+$/g, '')]));
  if (stored.length !== expected || sent.size !== expected || stored.some((p) => sent.get(p.part_number) !== p.etag)) {
    throw badRequest(`The upload is incomplete or its parts do not match: ${stored.length} of ${expected} parts stored`);
  }
  const total = await sql<{ n: string | number | null }>`SELECT sum(length(content)) AS n FROM release_asset_upload_part WHERE upload = ${body.uuid}`.execute(db);
  const joinedSize = Number(total.rows[0]?.n ?? 0);
  if (joinedSize !== size) throw badRequest(`The parts add up to ${joinedSize} bytes, not ${size}`);
  const asset = await storeJoinedUpload(db, assetId, body.uuid, { filename: upload.filename, content_type: upload.content_type, size }, origin);
  await db.deleteFrom('release_asset_upload').where('uuid', '=', body.uuid).execute();
  return asset;
}

/** PUT of one part: the uuid is the credential; the size must be the one beginUpload gave it. */
/** The size part `partNumber` of upload `uuid` must have, or null when there is no such upload or part. */
export async function expectedPartSize(db: Db, uuid: string, partNumber: number): Promise<number | null> {
  const upload = await db.selectFrom('release_asset_upload').select(['size', 'chunk_size']).where('uuid', '=', uuid).executeTakeFirst();
  const size = Number(upload?.size ?? 0);
  if (!upload || partNumber > Math.ceil(size / upload.chunk_size)) return null;
  return partSize(size, upload.chunk_size, partNumber);
}

export async function storeUploadPart(db: Db, uuid: string, partNumber: number, content: Buffer): Promise<string> {
  const want = await expectedPartSize(db, uuid, partNumber);
  if (want === null) throw notFound('Upload not found');
  if (content.length !== want) throw badRequest(`Part ${partNumber} must be ${want} bytes, not ${content.length}`);
  const etag = etagOf(content);
  await db
    .insertInto('release_asset_upload_part')
    .values({ upload: uuid, part_number: partNumber, content, etag })
    .onConflict((oc) => oc.columns(['upload', 'part_number']).doUpdateSet({ content, etag }))
    .execute();
  return etag;
}
