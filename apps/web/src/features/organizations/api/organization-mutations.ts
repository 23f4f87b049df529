import { ApiError } from '../../../lib/http.ts';
import i18n from '../../../lib/i18n.ts';
import { cleanErrorText } from '../../../lib/notify.ts';
import { pine } from '../../../lib/pine.ts';

/** Organization writes (accounts spec §7: create {name, logo_image}, PATCH {name} or {logo_image}, remove). */

export interface CreatedOrganization {
  id: number;
  name: string;
  handle: string;
}

export async function createOrganization(input: { name: string; logo_image?: string }): Promise<CreatedOrganization> {
  const body: Record<string, string> = { name: input.name };
  if (input.logo_image) body.logo_image = input.logo_image;
  return (await pine.post({ resource: 'organization', body })) as CreatedOrganization;
}

export async function renameOrganization(id: number, name: string): Promise<void> {
  await pine.patch({ resource: 'organization', id, body: { name } });
}

export async function updateOrganizationLogo(id: number, logoImage: string | null): Promise<void> {
  await pine.patch({ resource: 'organization', id, body: { logo_image: logoImage } });
}

export async function deleteOrganization(id: number): Promise<void> {
  await pine.delete({ resource: 'organization', id });
}

/** Leaving is deleting one's own membership (the API keeps the last administrator). */
export async function leaveOrganization(membershipId: number): Promise<void> {
  await pine.delete({ resource: 'organization_membership', id: membershipId });
}

/** A name clash: the API answers 409 (accounts spec §8 fields_errors.already_used); handle clashes are other 409s. */
export function isNameConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && !/handle/i.test(error.message);
}

/**
 * The text to show for a failed write. The API sends some errors as catalog keys
 * (e.g. `errors.cannot_delete_last_organization_admin`); those are translated, others shown as sent.
 */
export function organizationErrorText(error: unknown): string {
  const raw = error instanceof Error ? cleanErrorText(error.message) : '';
  const key = /^(errors|fields_errors)\.[a-z_]+$/.exec(raw)?.[0];
  if (key && i18n.exists(`organizations:${key}`)) return i18n.t(`organizations:${key}`);
  const embedded = /(errors|fields_errors)\.[a-z_]+/.exec(raw)?.[0];
  if (embedded && i18n.exists(`organizations:${embedded}`)) return i18n.t(`organizations:${embedded}`);
  return raw || i18n.t('common:errors.generic');
}
