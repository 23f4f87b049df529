import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/http.ts';
import { fleetMemberErrorMessage, isInviteeFieldError } from './fleet-member-errors.ts';

const t = ((key: string) => key) as unknown as TFunction;
const ruleText = 'It is necessary that each user (Auth) that is member of an application that has an organization, is member of the organization';

describe('fleet member errors', () => {
  it('says in plain words that a username names nobody in the organization, under the field', () => {
    const error = new ApiError(ruleText, 400);
    expect(fleetMemberErrorMessage(error, t)).toBe('fleetMembers:serverErrors.not_in_organization');
    expect(isInviteeFieldError(error)).toBe(true);
  });

  it('keeps other server texts as they are', () => {
    expect(fleetMemberErrorMessage(new ApiError('Something else went wrong', 500), t)).toBe('Something else went wrong');
    expect(isInviteeFieldError(new ApiError('Something else went wrong', 500))).toBe(false);
  });
});
