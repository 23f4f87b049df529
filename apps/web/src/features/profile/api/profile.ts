import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type AccountType = 'personal' | 'professional';

/** The caller's own profile (accounts spec §3 user), from `GET /user/profile`. */
export interface Profile {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  account_type: AccountType | null;
  has_password_set: boolean;
  has_disabled_newsletter: boolean;
}

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  company: string | null;
  account_type: AccountType;
}

export const profileKeys = { own: ['profile', 'own'] as const };

export const profileQuery = queryOptions({
  queryKey: profileKeys.own,
  queryFn: async () => (await apiRequest('/user/profile')) as Profile,
});

/** `PATCH /user/profile` (accounts spec §7); answers the saved profile. */
export async function saveProfile(changes: ProfileChanges): Promise<Profile> {
  return (await apiRequest('/user/profile', { method: 'PATCH', body: changes })) as Profile;
}
