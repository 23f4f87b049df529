import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'release_asset';

/** A stored file of a release: `asset` is `{filename, content_type, size, href}` or null while not uploaded. */
export const asset = z.object({
  filename: z.string().optional(),
  content_type: z.string().optional(),
  size: z.number().optional(),
  href: z.string().optional(),
});

export const row = z.object({
  id,
  created_at: timestamp,
  release: deferredLink,
  asset_key: z.string(),
  asset: asset.nullable(),
});
