import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_DELAY_MS, deletionSteps, withContactSupport } from './delete-account-steps.ts';

describe('deletionSteps', () => {
  it('omits "delete organizations" unless more than one organization has the user as its only admin', () => {
    expect(deletionSteps(0)).toEqual(['verifyPassword', 'cancelSubscriptions', 'deleteAccount']);
    expect(deletionSteps(1)).toEqual(['verifyPassword', 'cancelSubscriptions', 'deleteAccount']);
    expect(deletionSteps(2)).toEqual(['verifyPassword', 'cancelSubscriptions', 'deleteOrganizations', 'deleteAccount']);
  });
});

describe('withContactSupport', () => {
  it('appends the contact-support sentence to other errors', () => {
    expect(withContactSupport('Something broke')).toBe('Something broke Please contact support.');
  });
  it('leaves messages that mention support or sales alone', () => {
    expect(withContactSupport('Ask Support for help')).toBe('Ask Support for help');
    expect(withContactSupport('Please contact sales to delete')).toBe('Please contact sales to delete');
  });
  it('waits two seconds before logging out', () => {
    expect(ACCOUNT_DELETION_DELAY_MS).toBe(2000);
  });
});
