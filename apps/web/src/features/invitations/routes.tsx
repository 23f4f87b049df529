import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { finishPendingSecondFactor } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

/** `/organization/invitation/$token`: accept an organization invite, then /orgs (accounts spec §2). */
const orgInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'organization/invitation/$token',
  beforeLoad: finishPendingSecondFactor,
  component: lazyRouteComponent(() => import('./components/AcceptInvitationPage.tsx'), 'AcceptInvitationPage'),
});

/** `/invitation/$token`: accept a fleet invite, then /fleets (accounts spec §2, fleets spec §7). */
const fleetInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invitation/$token',
  beforeLoad: finishPendingSecondFactor,
  component: lazyRouteComponent(() => import('./components/AcceptInvitationPage.tsx'), 'AcceptFleetInvitationPage'),
});

/** Children of the root route (outside the shell). */
export const invitationRoutes = [orgInvitationRoute, fleetInvitationRoute] as const;
