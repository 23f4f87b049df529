import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { whoamiQuery } from '../lib/auth-api.ts';
import { redirectIfSessionEnded, requireSignedIn, requireVerifiedEmail } from '../lib/guards.ts';
import { loadAppCatalogs } from '../lib/i18n.ts';
import { rootRoute } from './root.tsx';
import { pageRouteStates } from '../components/page-route-states.tsx';
import { AppLoadError } from './AppLoadError.tsx';

/** Everything behind sign-in, inside the header and sidebar. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  // Only the synchronous check here: the router runs every beforeLoad of the page one after
  // another and starts loaders and route chunks (the shell's, the page's) only after the last,
  // so awaiting a request here would delay all of them by a round trip.
  beforeLoad: ({ location }) => {
    requireSignedIn({ location });
  },
  // The verification guard and who-am-I (needed by the shell either way) are asked together and
  // in parallel with the page's own loaders and code: the first signed-in page waits for one
  // round trip, not a chain. A pending user is still redirected before anything renders: the
  // router renders a page only once every loader of it has resolved. The app's catalogs
  // (lib/i18n.ts) come the same way: no page of the app renders before its words are there.
  // A 401 here means the session ended (revoked elsewhere, expired): to sign-in, saying so.
  loader: async ({ context, location }) => {
    await Promise.all([requireVerifiedEmail({ queryClient: context.queryClient }), context.queryClient.ensureQueryData(whoamiQuery), loadAppCatalogs()]).catch(
      (error: unknown) => redirectIfSessionEnded(error, location),
    );
  },
  ...pageRouteStates,
  errorComponent: AppLoadError,
  // The shell (header, sidebar) is its own chunk: the sign-in page does not load it.
  component: lazyRouteComponent(() => import('../features/shell/components/AppLayout.tsx'), 'AppLayout'),
});
