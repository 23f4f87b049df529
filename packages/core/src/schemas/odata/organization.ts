import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const resource = 'organization';

/**
 * `organization` as the API serves it to its members (apps/api/src/model/resources/organizations.ts,
 * accounts spec §3). Reverse navigations (`organization_membership`, `application`, …) are not
 * fields: a query that expands or `$count`s one `.extend()`s this row.
 */
export const row = z.object({
  id,
  created_at: timestamp,
  name: z.string(),
  handle: z.string(),
  company_name: z.string().nullable(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  /** A png or jpeg data URL (accounts spec §5). */
  logo_image: z.string().nullable(),
  is_frozen: z.boolean(),
  is_enforcing_saml_login: z.boolean(),
  billing_account_code: z.string().nullable(),
  has_past_due_invoice_since__date: timestamp.nullable(),
  is_using__billing_version: z.string(),
});
