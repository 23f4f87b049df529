import { useCallback, useEffect } from 'react';
import { Outlet, useRouter } from '@tanstack/react-router';
import { refreshToken } from '../lib/auth-api.ts';
import { saveReturnUrl, startSessionKeeper, type LogoutReason } from '../lib/session.ts';
import { useSessionEnd } from '../lib/use-session-end.ts';

/**
 * Keeps the session alive while the app is open (hourly refresh, expiry check every second)
 * and reacts to logout from anywhere (a 401, an expired token, another tab): cached data is
 * dropped and the user goes to /login with the current page kept for later.
 */
export function RootLayout() {
  const router = useRouter();

  useEffect(() => startSessionKeeper({ refresh: refreshToken }), []);

  const toLogin = useCallback(
    (reason: LogoutReason | undefined) => {
      const { pathname, href } = router.state.location;
      if (pathname === '/login' || pathname === '/signup') return;
      if (reason === 'signed-out') {
        void router.navigate({ to: '/login' });
        return;
      }
      // Expired or rejected: come back here after signing in again.
      saveReturnUrl(href);
      void router.navigate({ to: '/login', search: { redirect: href } });
    },
    [router],
  );
  useSessionEnd(toLogin);

  return <Outlet />;
}
