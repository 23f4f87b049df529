import { AppError } from '../lib/errors.ts';

/**
 * How many release-asset files this process holds in memory at once: an uploaded file (a
 * multipart form's, or a chunked upload's part) is read whole before it is stored, up to the
 * asset limit (100 MB). Each is someone's own release, so the write rules do not bound how many
 * a free account starts at once; this does. Past it: 503 with Retry-After, which balena-sdk's
 * upload retries.
 */
export const ASSET_BODY_SLOTS = 4;
const RETRY_AFTER_SECONDS = 5;

export interface AssetBodySlots {
  /** Takes a slot, or throws the 503; `release` gives it back (once). */
  take(): () => void;
}

export function createAssetBodySlots(max = ASSET_BODY_SLOTS): AssetBodySlots {
  let taken = 0;
  return {
    take() {
      if (taken >= max) {
        throw new AppError(503, 'Too many release asset uploads at once; try again shortly', 'asset_uploads_busy', { 'Retry-After': String(RETRY_AFTER_SECONDS) });
      }
      taken += 1;
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        taken -= 1;
      };
    },
  };
}
