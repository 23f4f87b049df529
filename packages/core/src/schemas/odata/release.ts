import { z } from 'zod';
import { deferredLink, id, timestamp } from './common.ts';

export const resource = 'release';

/**
 * `release` as the API serves it (apps/api/src/model/resources/releases.ts). The JSON fields
 * (`composition`, `contract`) are not read inside by the dashboard; `version` is computed from
 * the semver columns.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  belongs_to__application: deferredLink,
  is_created_by__user: deferredLink,
  commit: z.string(),
  composition: z.unknown(),
  status: z.string(),
  source: z.string(),
  build_log: z.string().nullable(),
  is_invalidated: z.boolean(),
  invalidation_reason: z.string().nullable(),
  start_timestamp: timestamp,
  end_timestamp: timestamp.nullable(),
  update_timestamp: timestamp,
  is_final: z.boolean(),
  is_finalized_at__date: timestamp.nullable(),
  is_passing_tests: z.boolean(),
  release_version: z.string().nullable(),
  semver: z.string(),
  semver_major: z.number().int(),
  semver_minor: z.number().int(),
  semver_patch: z.number().int(),
  semver_prerelease: z.string(),
  semver_build: z.string(),
  variant: z.string(),
  revision: z.number().int().nullable(),
  raw_version: z.string(),
  version: z.object({
    raw: z.string(),
    major: z.number().int(),
    minor: z.number().int(),
    patch: z.number().int(),
    prerelease: z.string(),
    build: z.string(),
    version: z.string(),
  }),
  known_issue_list: z.string().nullable(),
  note: z.string().nullable(),
  contract: z.unknown(),
  phase: z.string().nullable(),
});
