import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getToken, settleSessionEnd, subscribeSession, type LogoutReason } from './session.ts';

/**
 * Reacts to the end of the session from anywhere (sign-out, a 401, an expired token, another
 * tab): the requests of that session are cancelled, `onEnd` runs (it leaves for the sign-in
 * page and may return that navigation), and once it has, the cached data of that session is
 * dropped, so the next user never sees it. Clearing earlier would make the still-mounted
 * screens ask again, without a token (401s after sign-out); until then lib/http.ts sends no
 * authenticated request (lib/session.ts `isSessionEnding`). `onEnd` should be stable
 * (useCallback): a new one resubscribes.
 */
export function useSessionEnd(onEnd: (reason: LogoutReason | undefined) => void | Promise<unknown>): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeSession((token, reason) => {
        if (token !== null || getToken() !== null) return;
        void queryClient.cancelQueries();
        void Promise.resolve()
          .then(() => onEnd(reason))
          .catch(() => undefined)
          .finally(() => {
            // A new session may have started meanwhile: its data stays.
            if (getToken() !== null) return;
            queryClient.clear();
            settleSessionEnd();
          });
      }),
    [queryClient, onEnd],
  );
}
