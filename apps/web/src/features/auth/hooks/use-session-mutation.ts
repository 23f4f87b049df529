import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { postLoginDestination, saveReturnUrl, setToken } from '../../../lib/session.ts';

/**
 * A credentials call that ends in a session token (sign-in, sign-up): on success the cache of
 * any previous session is dropped, the token stored, and the user sent to the saved redirect.
 * With `nextStep` (sign-up's profile step) the user goes there first and the redirect is kept
 * as the return URL for when that step is done.
 */
export function useSessionMutation<V>(obtainToken: (values: V) => Promise<string>, redirect: string | undefined, nextStep?: string) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: obtainToken,
    meta: { silent: true },
    onSuccess: async (token) => {
      queryClient.clear();
      setToken(token);
      if (nextStep) {
        if (redirect) saveReturnUrl(redirect);
        await router.navigate({ href: nextStep });
        return;
      }
      await router.navigate({ href: postLoginDestination(redirect) });
    },
  });
}
