import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { refreshToken } from '../lib/auth-api.ts';
import { getToken, saveReturnUrl, startSessionKeeper, subscribeSession } from '../lib/session.ts';

/**
 * Keeps the session alive while the app is open (hourly refresh, expiry check every second)
 * and reacts to logout from anywhere (a 401, an expired token, another tab): cached data is
 * dropped and the user goes to /login with the current page kept for later.
 */
export function RootLayout() {
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => startSessionKeeper({ refresh: refreshToken }), []);

  useEffect(
    () =>
      subscribeSession((token, reason) => {
        if (token !== null || getToken() !== null) return;
        queryClient.clear();
        const { pathname, href } = router.state.location;
        if (pathname === '/login' || pathname === '/signup') return;
        if (reason === 'signed-out') {
          void router.navigate({ to: '/login' });
          return;
        }
        // Expired or rejected: come back here after signing in again.
        saveReturnUrl(href);
        void router.navigate({ to: '/login', search: { redirect: href } });
      }),
    [router, queryClient],
  );

  return <Outlet />;
}
