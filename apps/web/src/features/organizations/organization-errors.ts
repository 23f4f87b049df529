import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { cleanErrorText } from '../../lib/notify.ts';

/** How the organization dialogs word a failed write (accounts spec §8). */

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
