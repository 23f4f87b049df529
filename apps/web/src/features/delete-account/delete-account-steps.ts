/** Delete-account step list and messages (accounts spec §4 steps, §8 messages, §9 delay). */

export type StepState = 'pending' | 'inprogress' | 'done' | 'failed';
export type StepKey = 'verifyPassword' | 'cancelSubscriptions' | 'deleteOrganizations' | 'deleteAccount';

/** Pause between the success message and the logout (accounts §9: 2 s). */
export const ACCOUNT_DELETION_DELAY_MS = 2_000;

/**
 * The steps shown for a user with `soleAdminOrganizations` organizations it alone administers.
 * "Delete organizations" appears only when there is more than one such organization (§4,
 * read literally): with one, it goes with the account as part of the last step.
 */
export function deletionSteps(soleAdminOrganizations: number): StepKey[] {
  return soleAdminOrganizations > 1
    ? ['verifyPassword', 'cancelSubscriptions', 'deleteOrganizations', 'deleteAccount']
    : ['verifyPassword', 'cancelSubscriptions', 'deleteAccount'];
}

/** §8: other errors get " Please contact support." unless they already mention support or sales. */
export function withContactSupport(message: string, suffix = ' Please contact support.'): string {
  return /support|sales/i.test(message) ? message : `${message.trimEnd()}${suffix}`;
}
