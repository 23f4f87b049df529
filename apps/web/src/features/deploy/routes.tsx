import { createRoute, redirect } from '@tanstack/react-router';
import { appRoute } from '../../routes/app-layout.tsx';

/**
 * `/deploy?tarballUrl&repoUrl&configUrl&defaultDeviceType` (fleets spec §2 Route table): stores
 * the parameters with their time (§3 "Deploy config") and goes to /fleets, whose create dialog
 * uses them while they are less than a day old (§4). Static, so it wins over `$fleetClass`.
 */
const deployRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'deploy',
  beforeLoad: async ({ location }) => {
    const [{ deployConfigFromSearch }, { saveDeployConfig }, { browserStorage }] = await Promise.all([
      import('@flotilla/core/deploy-config'),
      import('./deploy-storage.ts'),
      import('../../lib/browser-storage.ts'),
    ]);
    // The raw query: the router's parsed search would turn a numeric-looking value into a number.
    const search = Object.fromEntries(new URLSearchParams(location.searchStr));
    const config = deployConfigFromSearch(search, Date.now());
    if (config) saveDeployConfig(browserStorage(), config);
    throw redirect({ to: '/$fleetClass', params: { fleetClass: 'fleets' } });
  },
});

/** Children of the signed-in layout (`_app`). */
export const deployRoutes = [deployRoute] as const;
