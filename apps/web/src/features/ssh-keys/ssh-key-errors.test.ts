import '../preferences/preferences-catalog.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import i18n, { loadAppCatalogs } from '../../lib/i18n.ts';
import { isDuplicateSshKeyError, sshKeyErrorMessage } from './ssh-key-errors.ts';

beforeAll(() => loadAppCatalogs());

/** What the API answers when the user adds a key they already have (the table's unique key). */
const DUPLICATE = new ApiError('"user, public_key" must be unique.', 409, null, 'unique');

describe('a failed SSH key add (accounts spec §5)', () => {
  it("recognises the server's 409 \"must be unique\" as the key being added already", () => {
    expect(isDuplicateSshKeyError(DUPLICATE)).toBe(true);
    expect(isDuplicateSshKeyError(new ApiError('Conflict', 409))).toBe(false);
    expect(isDuplicateSshKeyError(new ApiError('"user, public_key" must be unique.', 400))).toBe(false);
    expect(isDuplicateSshKeyError(new Error('"user, public_key" must be unique.'))).toBe(false);
  });

  it('says so in plain words instead of the database message', () => {
    expect(sshKeyErrorMessage(DUPLICATE, i18n.t)).toBe('This SSH key is already added to your account.');
  });

  it("shows any other failure as the server wrote it, cleaned, or the generic text", () => {
    expect(sshKeyErrorMessage(new ApiError('"Invalid public key"', 400), i18n.t)).toBe('Invalid public key');
    expect(sshKeyErrorMessage(new ApiError('  ', 500), i18n.t)).toBe(i18n.t('common:errors.generic'));
    expect(i18n.t('common:errors.generic')).not.toBe('errors.generic');
  });
});
