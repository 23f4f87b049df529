import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { isInviteFieldError, serverMessageKey } from './member-errors.ts';

describe('serverMessageKey', () => {
  it('recognises the spec message keys the server sends as text', () => {
    expect(serverMessageKey('errors.cannot_delete_last_organization_admin')).toBe('cannot_delete_last_organization_admin');
    expect(serverMessageKey('fields_errors.invalid_email')).toBe('invalid_email');
    expect(serverMessageKey('invitee_already_exist')).toBe('invitee_already_exist');
    expect(serverMessageKey('Error: invitee_already_invited')).toBe('invitee_already_invited');
    expect(serverMessageKey('Something else')).toBeNull();
  });
});

describe('isInviteFieldError', () => {
  it('puts email errors on the field and leaves the rest to a toast', () => {
    expect(isInviteFieldError(new ApiError('invitee_already_exist', 409))).toBe(true);
    expect(isInviteFieldError(new ApiError('fields_errors.invalid_email', 400))).toBe(true);
    expect(isInviteFieldError(new ApiError('Internal error', 500))).toBe(false);
    expect(isInviteFieldError(new Error('invitee_already_exist'))).toBe(false);
  });
});
