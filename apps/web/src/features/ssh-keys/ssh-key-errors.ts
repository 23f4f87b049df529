import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/http.ts';
import { cleanErrorText } from '../../lib/notify.ts';

/**
 * The same key twice: a user's keys are unique, so the API answers 409 `"user, public_key" must
 * be unique.` (compat §1.5: a 409 whose text says "unique").
 */
export function isDuplicateSshKeyError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && /must be unique/i.test(error.message);
}

/** The text of a failed add: a duplicate in the product's words, anything else as the server wrote it (accounts spec §5). */
export function sshKeyErrorMessage(error: unknown, t: TFunction): string {
  if (isDuplicateSshKeyError(error)) return t('preferences:sshKeys.alreadyAdded');
  const text = error instanceof Error ? cleanErrorText(error.message) : '';
  return text || t('common:errors.generic');
}
