import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getToken, subscribeSession, type LogoutReason } from './session.ts';

/**
 * Reacts to the end of the session from anywhere (sign-out, a 401, an expired token, another
 * tab): the cached data of that session is dropped first, so the next user never sees it, then
 * `onEnd` runs. `onEnd` should be stable (useCallback): a new one resubscribes.
 */
export function useSessionEnd(onEnd: (reason: LogoutReason | undefined) => void): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeSession((token, reason) => {
        if (token !== null || getToken() !== null) return;
        queryClient.clear();
        onEnd(reason);
      }),
    [queryClient, onEnd],
  );
}
