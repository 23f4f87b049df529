import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { postLoginDestination, setToken } from '../../../lib/session.ts';

/**
 * A credentials call that ends in a session token (sign-in, sign-up): on success the cache of
 * any previous session is dropped, the token stored, and the user sent to the saved redirect.
 */
export function useSessionMutation<V>(obtainToken: (values: V) => Promise<string>, redirect: string | undefined) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: obtainToken,
    meta: { silent: true },
    onSuccess: async (token) => {
      queryClient.clear();
      setToken(token);
      await router.navigate({ href: postLoginDestination(redirect) });
    },
  });
}
