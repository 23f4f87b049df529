import './members-catalog.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/http.ts';
import { cleanErrorText } from '../../lib/notify.ts';

/**
 * The text for a failed member or invite call. The server answers some rules with the spec's
 * message keys as the body (accounts spec §8: `errors.cannot_delete_last_organization_admin`,
 * `fields_errors.invalid_email`, `invitee_already_exist`, `invitee_already_invited`); those are
 * looked up in the members catalog, anything else is shown as the server wrote it.
 */
export function memberErrorMessage(error: unknown, t: TFunction): string {
  const text = error instanceof Error ? cleanErrorText(error.message) : '';
  const key = serverMessageKey(text);
  if (key) return t(`members:serverErrors.${key}`);
  return text || t('common:errors.generic');
}

const KNOWN_KEYS = ['errors.cannot_delete_last_organization_admin', 'fields_errors.invalid_email', 'invitee_already_exist', 'invitee_already_invited'] as const;
export type ServerMessageKey = 'cannot_delete_last_organization_admin' | 'invalid_email' | 'invitee_already_exist' | 'invitee_already_invited';

/** Which spec message a server text carries (the body is the key, possibly inside a sentence). */
export function serverMessageKey(text: string): ServerMessageKey | null {
  const found = KNOWN_KEYS.find((key) => text.includes(key));
  if (!found) return null;
  return found.slice(found.lastIndexOf('.') + 1) as ServerMessageKey;
}

/** Invite errors that belong to the email field rather than a toast. */
export function isInviteFieldError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const key = serverMessageKey(error.message);
  return key === 'invalid_email' || key === 'invitee_already_exist' || key === 'invitee_already_invited';
}
