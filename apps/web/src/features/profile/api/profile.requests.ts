import { profileResponse } from '@flotilla/core/schemas/profile';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import type { AccountType, Profile } from './profile.queries.ts';

/** The HTTP calls behind the profile mutations (api/profile.mutations.ts). */

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  company: string | null;
  account_type: AccountType;
  has_disabled_newsletter: boolean;
}

/** `PATCH /user/profile` (accounts spec §7); answers the saved profile. */
export async function saveProfile(changes: ProfileChanges): Promise<Profile> {
  return parseResponse(profileResponse, '/user/profile', await apiRequest('/user/profile', { method: 'PATCH', body: changes }));
}
