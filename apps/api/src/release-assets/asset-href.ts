import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';

/**
 * A release asset's href, as balena's are (pre-signed object-store URLs, signed when the row is
 * read): `<origin>/release-asset/v1/<id>/download?key=<expires>-<sig>`, minted on every read of
 * `release_asset.asset` (the model's `readAs`, one SQL expression in the read's own statement)
 * and good until `expires`. balena-sdk `asset.download` reads the row and fetches its href at
 * once; the dashboard fetches a file with the session besides. A leaked href stops working
 * within HREF_LIFETIME_SECONDS; a new upload (a new file's download key) ends it at once.
 *
 * `sig` = SHA-256 of `<expires>:<download key>` (the file's random secret, never sent): only a
 * reader of the row gets one, and it cannot be stretched to another time. `expires` is the end
 * of the next whole hour, so an href reads the same for a while (between one and two hours left).
 */
export const HREF_BUCKET_SECONDS = 3600;
export const HREF_LIFETIME_SECONDS = 2 * HREF_BUCKET_SECONDS;

/** The stored href without its query: the row keeps no key (older rows kept `?key=`; it is dropped). */
const BARE_HREF = (alias: string) => sql`split_part(${sql.ref(`${alias}.asset`)}->>'href', '?', 1)`;

/** `release_asset.asset` as read: its href signed for now (no file stored: the row as it is, without a key). */
export function assetReadSql(alias: string): RawBuilder<unknown> {
  const asset = sql.ref(`${alias}.asset`);
  const expires = sql`(floor(extract(epoch FROM now()) / ${sql.lit(HREF_BUCKET_SECONDS)})::bigint * ${sql.lit(HREF_BUCKET_SECONDS)} + ${sql.lit(HREF_LIFETIME_SECONDS)})::text`;
  return sql`CASE WHEN jsonb_typeof(${asset}->'href') = 'string' THEN jsonb_set(${asset}, '{href}', to_jsonb(${BARE_HREF(alias)} || COALESCE(
      (SELECT '?key=' || ${expires} || '-' || encode(sha256(convert_to(${expires} || ':' || f.download_key, 'UTF8')), 'hex')
         FROM release_asset_file f WHERE f.release_asset = ${sql.ref(`${alias}.id`)}), '')))
    ELSE ${asset} END`;
}

const signatureOf = (expires: number, downloadKey: string) => createHash('sha256').update(`${expires}:${downloadKey}`).digest('hex');

/** The same href made in JS (an upload's answer): `bare` is the href without a query. */
export function signedHref(bare: string, downloadKey: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000 / HREF_BUCKET_SECONDS) * HREF_BUCKET_SECONDS + HREF_LIFETIME_SECONDS;
  return `${bare}?key=${expires}-${signatureOf(expires, downloadKey)}`;
}

/** True when `key` is a signature of this file's download key that has not expired yet. */
export function hrefKeyValid(key: string, downloadKey: string, nowMs = Date.now()): boolean {
  const match = /^(\d{1,12})-([0-9a-f]{64})$/.exec(key);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(signatureOf(expires, downloadKey));
  const presented = Buffer.from(match[2]!);
  return timingSafeEqual(expected, presented);
}
