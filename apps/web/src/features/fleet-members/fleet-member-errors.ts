import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/http.ts';
import { cleanErrorText } from '../../lib/notify.ts';
import { serverMessageKey } from '../members/member-errors.ts';

/**
 * The text for a failed fleet member or invite call: the spec's message keys the server answers
 * with (fields_errors.invalid_email, invitee_already_exist, invitee_already_invited) in the
 * fleet's words, anything else as the server wrote it.
 */
/**
 * balena's own rule text (open-balena's, kept for its clients) when the username names nobody
 * in the fleet's organization: unknown, or not a member of it.
 */
const NOT_IN_ORGANIZATION = /member of an application that has an organization, is member of the organization/i;

export function fleetMemberErrorMessage(error: unknown, t: TFunction): string {
  const text = error instanceof Error ? cleanErrorText(error.message) : '';
  if (NOT_IN_ORGANIZATION.test(text)) return t('fleetMembers:serverErrors.not_in_organization');
  const key = serverMessageKey(text);
  if (key && key !== 'cannot_delete_last_organization_admin') return t(`fleetMembers:serverErrors.${key}`);
  // A second membership of the same user is the table's unique key: already a member.
  if (error instanceof ApiError && error.status === 409) return t('fleetMembers:serverErrors.invitee_already_exist');
  return text || t('common:errors.generic');
}

/** Errors that belong to the username-or-email field rather than the dialog's alert. */
export function isInviteeFieldError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409) return true;
  const key = serverMessageKey(error.message);
  return key === 'invalid_email' || key === 'invitee_already_exist' || key === 'invitee_already_invited' || /username/i.test(error.message) || NOT_IN_ORGANIZATION.test(error.message);
}
