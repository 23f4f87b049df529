import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { conflict, notFound, unauthorized } from '../lib/errors.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { verifyPasswordAttempt } from '../auth/login-rate-limit.ts';
import {
  deleteOrganizations,
  deleteUserAndActor,
  downgradeSubscriptionsToFree,
  listCustomPlanOrganizations,
  listOrganizationsWithFleets,
  listSoleAdminOrganizations,
} from './delete-account.repository.ts';

/** Messages of accounts spec §8 "Delete account". */
export const DELETE_ACCOUNT_MESSAGES = {
  invalidPassword: 'Invalid password',
  customPlan:
    'Your account belongs to an organization on a custom plan. Please contact sales to delete your account.',
  fleetsLeft: (names: string[]) => `Delete or transfer the fleets of these organizations first: ${names.join(', ')}.`,
} as const;

export const DOWNGRADE_REASON = 'Account deletion';

export interface DeletionPreview {
  /** Organizations where the user is the only administrator: they are deleted with the account. */
  soleAdminOrganizations: { id: number; name: string }[];
  /** Organizations on the 'custom' plan: deletion is blocked while there is any. */
  customPlanOrganizations: string[];
}

export interface DeletionResult {
  cancelledSubscriptions: number;
  deletedOrganizations: number;
}

export async function getDeletionPreview(db: Db, userId: number): Promise<DeletionPreview> {
  return {
    soleAdminOrganizations: await listSoleAdminOrganizations(db, userId),
    customPlanOrganizations: await listCustomPlanOrganizations(db, userId),
  };
}

/**
 * Deletes the caller's account (accounts spec §4, §5, §7) in one transaction: checks the
 * password (401 without ending the session), refuses custom-plan organizations (409), moves
 * the subscriptions of sole-admin organizations to free, deletes those organizations, then the
 * user and its actor. Sole-admin organizations are every one nobody else administers — the
 * personal organization made at sign-up among them — since none could be managed afterwards.
 * One that still owns fleets refuses the whole deletion (409 `organizations_have_fleets`,
 * naming it): fleets and their devices are never removed as a side effect. Organizations that
 * keep another administrator, and their fleets, stay.
 */
export async function deleteAccount(db: Db, config: AppConfig, principal: UserPrincipal, password: string, ip: string): Promise<DeletionResult> {
  const user = await findUserById(db, principal.userId);
  if (!user) throw notFound('User not found');
  if (!(await verifyPasswordAttempt(db, config, { subject: { userId: user.id }, ip }, user.password_hash, password))) {
    throw unauthorized(DELETE_ACCOUNT_MESSAGES.invalidPassword);
  }
  return db.transaction().execute(async (tx) => {
    if ((await listCustomPlanOrganizations(tx, user.id)).length > 0) throw conflict(DELETE_ACCOUNT_MESSAGES.customPlan, 'custom_plan');
    const orgIds = (await listSoleAdminOrganizations(tx, user.id)).map((o) => o.id);
    const withFleets = await listOrganizationsWithFleets(tx, orgIds);
    if (withFleets.length > 0) throw conflict(DELETE_ACCOUNT_MESSAGES.fleetsLeft(withFleets), 'organizations_have_fleets');
    const cancelledSubscriptions = await downgradeSubscriptionsToFree(tx, orgIds, DOWNGRADE_REASON);
    await deleteOrganizations(tx, orgIds);
    await deleteUserAndActor(tx, user.id);
    return { cancelledSubscriptions, deletedOrganizations: orgIds.length };
  });
}
