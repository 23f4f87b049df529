import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { whoamiQuery } from '../lib/auth-api.ts';
import { requireSignedIn, requireVerifiedEmail } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';

/** Everything behind sign-in, inside the header and sidebar. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ location, context }) => {
    requireSignedIn({ location });
    // Who-am-I is needed by the shell either way: ask for it alongside the verification check
    // instead of after it, so the first signed-in page waits for one round trip, not two.
    void context.queryClient.prefetchQuery(whoamiQuery);
    await requireVerifiedEmail({ queryClient: context.queryClient });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(whoamiQuery),
  // The shell (header, sidebar) is its own chunk: the sign-in page does not load it.
  component: lazyRouteComponent(() => import('../features/shell/components/AppLayout.tsx'), 'AppLayout'),
});
