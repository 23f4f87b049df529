import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from './profile.queries.ts';
import { saveProfile, type ProfileChanges } from './profile.requests.ts';

/** Saves the profile form; errors show inline in the form (meta.silent). */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => saveProfile(changes),
    meta: { silent: true },
    // The answer is the saved profile: no need to ask again.
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.own(), saved),
  });
}
