import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'application';

/**
 * `application` (a fleet) as the API serves it (apps/api/src/model/resources/applications.ts).
 * Foreign keys that a query does not `$expand` arrive as `{"__id": n}`; a query that expands
 * one, or a reverse navigation (`owns__device`, …), `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  actor: deferredLink,
  app_name: z.string(),
  slug: z.string(),
  uuid: z.string(),
  organization: deferredLink,
  is_for__device_type: deferredLink,
  should_be_running__release: deferredLink,
  application_type: deferredLink,
  // The database allows only these three (CHECK constraint in migration 0004).
  is_of__class: z.enum(['fleet', 'block', 'app']),
  should_track_latest_release: z.boolean(),
  is_host: z.boolean(),
  is_archived: z.boolean(),
  is_public: z.boolean(),
  is_discoverable: z.boolean(),
  is_accessible_by_support_until__date: timestamp.nullable(),
  is_stored_at__repository_url: z.string().nullable(),
});
