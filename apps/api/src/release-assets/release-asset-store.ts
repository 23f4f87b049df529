import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { signedHref } from './asset-href.ts';

/** What release_asset.asset holds once a file is stored (compat: balena's WebResource shape). */
export interface StoredAsset {
  filename: string;
  content_type: string;
  size: number;
  href: string;
}

export interface AssetFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The default upload ceiling (RELEASE_ASSET_MAX_BYTES): 100 MB. */
export const DEFAULT_RELEASE_ASSET_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Stores (or replaces) the file of a release asset the caller has just been allowed to write
 * through the OData engine, in the same transaction, and sets the row's `asset` JSON. A new
 * download key on every upload: an href handed out for an older file stops working. The row
 * keeps the href without a key; reads sign it (asset-href.ts), and so does the answer here.
 * `origin` makes href absolute — the SDK parses it with `new URL(href)`.
 */
export async function storeAssetFile(db: Db, assetId: number, file: AssetFile, origin: string): Promise<StoredAsset> {
  const key = randomBytes(24).toString('base64url');
  await sql`INSERT INTO release_asset_file (release_asset, content, download_key) VALUES (${assetId}, ${file.content}, ${key})
    ON CONFLICT (release_asset) DO UPDATE SET content = excluded.content, download_key = excluded.download_key`.execute(db);
  return setAsset(db, assetId, { filename: file.filename, content_type: file.contentType, size: file.content.length }, key, origin);
}

/**
 * The same for a chunked upload: its parts joined inside the database (a large file is not
 * carried to the server and back). The caller has checked that the parts add up to `size`.
 */
export async function storeJoinedUpload(db: Db, assetId: number, uploadUuid: string, meta: Omit<StoredAsset, 'href'>, origin: string): Promise<StoredAsset> {
  const key = randomBytes(24).toString('base64url');
  await sql`INSERT INTO release_asset_file (release_asset, content, download_key)
    SELECT ${assetId}, string_agg(content, ''::bytea ORDER BY part_number), ${key} FROM release_asset_upload_part WHERE upload = ${uploadUuid}
    ON CONFLICT (release_asset) DO UPDATE SET content = excluded.content, download_key = excluded.download_key`.execute(db);
  return setAsset(db, assetId, meta, key, origin);
}

async function setAsset(db: Db, assetId: number, meta: Omit<StoredAsset, 'href'>, key: string, origin: string): Promise<StoredAsset> {
  const stored: StoredAsset = { ...meta, href: `${origin}/release-asset/v1/${assetId}/download` };
  await sql`UPDATE release_asset SET asset = ${JSON.stringify(stored)}::jsonb WHERE id = ${assetId}`.execute(db);
  return { ...stored, href: signedHref(stored.href, key) };
}

export interface AssetFileHead {
  asset: StoredAsset;
  downloadKey: string;
  /** Bytes of the stored file. */
  size: number;
}

/** A release asset's stored file, all but its bytes; no permission check: callers decide who may have it. */
export async function findAssetFileHead(db: Db, assetId: number): Promise<AssetFileHead | undefined> {
  const r = await sql<{ asset: StoredAsset | null; download_key: string; size: number }>`
    SELECT a.asset, f.download_key, octet_length(f.content)::int AS size FROM release_asset_file f JOIN release_asset a ON a.id = f.release_asset
     WHERE f.release_asset = ${assetId}`.execute(db);
  const row = r.rows[0];
  if (!row?.asset) return undefined;
  return { asset: row.asset, downloadKey: row.download_key, size: row.size };
}

/** Bytes a download reads at a time. */
export const ASSET_SLICE_BYTES = 1024 * 1024;

/**
 * The file's bytes in ASSET_SLICE_BYTES slices, each read when the one before has been sent:
 * a download holds one slice, however large the file and however many download it at once.
 * A file replaced meanwhile (its download key changed) fails the stream, so the client sees a
 * broken download rather than a mix of two files or a short one.
 */
export async function* readAssetFileSlices(db: Db, assetId: number, head: AssetFileHead): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < head.size; offset += ASSET_SLICE_BYTES) {
    const r = await sql<{ part: Uint8Array }>`
      SELECT substring(content FROM ${offset + 1}::int FOR ${ASSET_SLICE_BYTES}::int) AS part FROM release_asset_file
       WHERE release_asset = ${assetId} AND download_key = ${head.downloadKey}`.execute(db);
    const part = r.rows[0]?.part;
    // Replaced or deleted meanwhile: the download fails (the response is cut short of its
    // Content-Length), rather than ending as if it were whole.
    if (!part) throw new Error('release asset file changed during its download');
    yield Buffer.from(part);
  }
}
