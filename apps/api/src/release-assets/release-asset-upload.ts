import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { idLike } from '@flotilla/core/schemas/primitives';
import { z } from 'zod';
import { ANONYMOUS } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { registry } from '../model/registry.ts';
import type { ODataEngine } from '../odata/engine.ts';
import { parseODataUrl } from '../odata/parse.ts';
import { DEFAULT_RELEASE_ASSET_MAX_BYTES, storeAssetFile, type AssetFile } from './release-asset-store.ts';
import { releaseWhenDone } from './asset-body-slots.ts';

/**
 * The multipart branch of POST/PATCH /v7/release_asset (balena-sdk `release.asset.upload` for
 * files up to 5 MiB): the form becomes the JSON body the OData engine writes — its create or
 * update rule, references and hooks decide as for any other write — and, in the same
 * transaction, the file is stored and the row's `asset` set. Any other resource answers 415.
 */
const createFields = z.strictObject({
  release: idLike,
  asset_key: z.string().min(1).max(255),
});
const fileMeta = z.object({
  filename: z.string().min(1).max(255),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+(;.*)?$/, 'not a media type').max(255),
});

export const releaseAssetMaxBytes = (config: AppConfig) => config.releaseAssetMaxBytes ?? DEFAULT_RELEASE_ASSET_MAX_BYTES;

/** The origin hrefs are made on: the configured public URL, else the one the caller used. */
export const apiOrigin = (request: FastifyRequest, config: AppConfig) => (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

function isReleaseAsset(url: string): ReturnType<typeof parseODataUrl> | undefined {
  try {
    const req = parseODataUrl(url);
    return registry.get(req.resource)?.name === 'release_asset' ? req : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A JSON write may set `asset` only to null (the SDK's first step of a chunked upload): the
 * file's href is the server's to make, never a link a client chose for others to follow.
 */
export function refuseClientAssetJson(method: string, url: string, body: unknown): AppError | undefined {
  if (method !== 'POST' && method !== 'PATCH') return undefined;
  if (typeof body !== 'object' || body === null || !('asset' in body) || (body as { asset: unknown }).asset === null) return undefined;
  if (!isReleaseAsset(url)) return undefined;
  return badRequest('A release asset’s file is uploaded as multipart/form-data (field "asset"), not set as JSON');
}

/**
 * The form's fields and its one file. `beforeFile` runs when the file part begins, with the
 * fields sent before it, and before a byte of the file is held: the caller's right to write is
 * checked there, so nobody without it can make the server buffer up to the asset limit.
 */
async function readForm(
  request: FastifyRequest,
  maxBytes: number,
  beforeFile: (fields: Record<string, string>) => Promise<void>,
): Promise<{ fields: Record<string, string>; file?: AssetFile }> {
  const fields: Record<string, string> = {};
  let file: AssetFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 4096 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String((part as MultipartValue).value);
        continue;
      }
      const f = part as MultipartFile;
      if (f.fieldname !== 'asset') throw badRequest(`Unexpected file field "${f.fieldname}": the file goes in "asset"`);
      await beforeFile(fields);
      const content = await f.toBuffer();
      const meta = fileMeta.safeParse({ filename: f.filename, contentType: f.mimetype || 'application/octet-stream' });
      if (!meta.success) throw badRequest(`Invalid file: ${meta.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      file = { ...meta.data, content };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, `The file is larger than the ${maxBytes} bytes a release asset may have`);
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED') throw badRequest('One file and its release and asset_key fields only');
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('The request body is not valid multipart/form-data');
    throw err;
  }
  return { fields, file };
}

/** Thrown to undo a dry run's transaction. */
class DryRunDone extends Error {}

/** Runs `write` in a transaction that is always rolled back: its refusals, none of its effects. */
async function dryRun(db: Db, write: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await db.transaction().execute(async (tx) => {
      await write(tx);
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
}

export async function handleReleaseAssetMultipart(engine: ODataEngine, request: FastifyRequest, reply: FastifyReply, url: string, config: AppConfig): Promise<FastifyReply> {
  const send = (status: number, body: unknown) => reply.status(status).type('application/json').send(JSON.stringify(body));
  const req = isReleaseAsset(url);
  const method = request.method;
  if (!req || (method !== 'POST' && method !== 'PATCH')) {
    return send(415, { error: 'multipart/form-data is accepted only by POST and PATCH on /v7/release_asset' });
  }
  const principal = request.principal ?? ANONYMOUS;
  try {
    // Before reading a possibly large body: anonymous callers may write nothing.
    if (principal.kind === 'anonymous') throw new AppError(401, 'Unauthorized');
    const db = request.server.db;
    const parseCreate = (fields: Record<string, string>) => {
      const parsed = createFields.safeParse(fields);
      if (!parsed.success) throw badRequest(`Invalid form: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; ')}`);
      return parsed.data;
    };
    // The write tried first and undone, before the file is read: a refusal costs no upload (a form
    // whose file comes before its fields is checked after, as before); then room among the files
    // held in memory (asset-body-slots.ts), given back however this ends.
    const maxBytes = releaseAssetMaxBytes(config);
    const { fields, file } = await readForm(request, maxBytes, async (early) => {
      const isPatch = method === 'PATCH';
      if (isPatch || createFields.safeParse(early).success) {
        await dryRun(db, async (tx) => {
          if (isPatch) await engine.run(tx, principal, 'PATCH', req, {}, config);
          else await engine.run(tx, principal, 'POST', req, { ...parseCreate(early), asset: null }, config);
        });
      }
      releaseWhenDone(reply.raw, await request.server.assetBodySlots.reserve(maxBytes));
    });
    if (!file) throw badRequest('The file goes in the form field "asset"');
    const origin = apiOrigin(request, config);
    if (method === 'POST') {
      const createValues = parseCreate(fields);
      const entity = await request.server.db.transaction().execute(async (tx) => {
        const created = await engine.run(tx, principal, 'POST', req, { ...createValues, asset: null }, config);
        const row = created.body as Record<string, unknown> & { id: number };
        return { ...row, asset: await storeAssetFile(tx, row.id, file, origin) };
      });
      return send(201, entity);
    }
    if (Object.keys(fields).length > 0) throw badRequest('A PATCH form carries only the file "asset"');
    if (!req.key) throw badRequest('PATCH with a file needs the asset’s key, e.g. /v7/release_asset(1)');
    await request.server.db.transaction().execute(async (tx) => {
      // The engine's update path: the caller must be allowed to update this row (a row it
      // cannot see is no target, as for a missing one).
      await engine.run(tx, principal, 'PATCH', req, {}, config);
      const seen = await engine.run(tx, principal, 'GET', { ...req, options: {} });
      const target = (seen.body as { d: { id: number }[] }).d[0];
      if (!target) throw new AppError(404, 'Not found');
      await storeAssetFile(tx, target.id, file, origin);
    });
    return send(200, 'OK');
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return send(err.status, { error: err.message, ...(err.code ? { code: err.code } : {}) });
    throw err;
  }
}
