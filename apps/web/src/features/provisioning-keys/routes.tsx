import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fleetRoute, requireClassPage } from '../fleets/routes.tsx';

/**
 * `/fleets/$fleetId/api-keys`: the fleet's provisioning keys (fleets spec §2 Route table). Fleets
 * only (apps and blocks go to their summary); it needs resin.api_key.read, and a user without
 * it is sent to / (§2 Routing rules, §6 "Permissions checked by screens").
 */
const fleetApiKeysRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'api-keys',
  beforeLoad: requireClassPage('api-keys'),
  loader: async ({ context }) => {
    // Imported on demand so the OData client stays out of the first screen's bundle.
    const { requireFleetPermission } = await import('./fleet-permission-guard.ts');
    await requireFleetPermission(context.queryClient, context.fleetId, 'resin.api_key.read');
  },
  component: lazyRouteComponent(() => import('./components/ProvisioningKeysPage.tsx'), 'ProvisioningKeysPage'),
});

/** Children of `fleetRoute`. */
export const provisioningKeyRoutes = [fleetApiKeysRoute] as const;
