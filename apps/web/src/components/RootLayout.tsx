import { useCallback, useEffect } from 'react';
import { Outlet, useRouter } from '@tanstack/react-router';
import { refreshToken } from '../lib/auth-api.ts';
import { saveReturnUrl, settleSessionEnd, startSessionKeeper, type LogoutReason } from '../lib/session.ts';
import { useSessionEnd } from '../lib/use-session-end.ts';

/**
 * Keeps the session alive while the app is open (hourly refresh, expiry check every second)
 * and reacts to logout from anywhere (a 401, an expired token, another tab): cached data is
 * dropped and the user goes to /login with the current page kept for later.
 */
export function RootLayout() {
  const router = useRouter();

  useEffect(() => startSessionKeeper({ refresh: refreshToken }), []);
  // A session that ended before this layout was there (a 401 while the first page loaded) has
  // no screens left to wind down: requests may go again (lib/session.ts isSessionEnding).
  useEffect(() => settleSessionEnd(), []);

  const toLogin = useCallback(
    (reason: LogoutReason | undefined) => {
      const { pathname, href } = router.state.location;
      if (pathname === '/login' || pathname === '/signup') return;
      if (reason === 'signed-out') return router.navigate({ to: '/login' });
      // Expired or rejected (a revoked token: "log out other sessions"): the sign-in page says
      // so (accounts spec §8 Session, "session expired"), and leads back here afterwards.
      saveReturnUrl(href);
      return router.navigate({ to: '/login', search: { redirect: href, expired: true } });
    },
    [router],
  );
  useSessionEnd(toLogin);

  return <Outlet />;
}
