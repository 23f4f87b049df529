import { AppError } from '../lib/errors.ts';

/**
 * How many bytes of release-asset files this process holds in memory at once: an uploaded file
 * (a multipart form's, or a chunked upload's part) is read whole before it is stored, up to the
 * asset limit (100 MB). Each is someone's own release, so the write rules do not bound how many a
 * free account starts at once; this does. A file waits its turn (balena-sdk sends 5 parts of
 * 5 MiB at once and takes any answer without an ETag as a failed upload, so a refusal would fail
 * ordinary uploads); one that has waited ASSET_BODY_WAIT_MS is refused with 503 and Retry-After.
 */
export const ASSET_BODY_BUDGET_BYTES = 256 * 1024 * 1024;
export const ASSET_BODY_WAIT_MS = 30_000;
const RETRY_AFTER_SECONDS = 5;

export interface AssetBodySlots {
  /**
   * Reserves `bytes` (a file larger than the whole budget reserves all of it), waiting for room
   * behind earlier reservations; resolves with the function that gives them back (once).
   */
  reserve(bytes: number): Promise<() => void>;
}

export function createAssetBodySlots(budget = ASSET_BODY_BUDGET_BYTES, waitMs = ASSET_BODY_WAIT_MS): AssetBodySlots {
  let held = 0;
  const queue: Array<{ bytes: number; grant: () => void }> = [];
  const admit = () => {
    while (queue.length > 0 && held + queue[0]!.bytes <= budget) {
      const next = queue.shift()!;
      held += next.bytes;
      next.grant();
    }
  };
  return {
    reserve(requested) {
      const bytes = Math.min(Math.max(requested, 1), budget);
      return new Promise((resolve, reject) => {
        let isReleased = false;
        const release = () => {
          if (isReleased) return;
          isReleased = true;
          held -= bytes;
          admit();
        };
        const entry = {
          bytes,
          grant: () => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(new AppError(503, 'Too many release asset uploads at once; try again shortly', 'asset_uploads_busy', { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
        }, waitMs);
        timer.unref();
        queue.push(entry);
        admit();
      });
    },
  };
}

/** Gives `release` back when the response is done or the connection is gone, including when that happened already. */
export function releaseWhenDone(raw: { destroyed: boolean; writableFinished: boolean; once(event: 'close', listener: () => void): unknown }, release: () => void): void {
  if (raw.destroyed || raw.writableFinished) release();
  else raw.once('close', release);
}
