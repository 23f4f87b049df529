import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../routes/app-layout.tsx';
import { fleetRoute } from '../fleets/routes.tsx';
import { deviceListParams, validateDeviceListSearch } from './device-list.ts';

/** `/fleets/$fleetId/devices?page&size&sort&dir&filters`: the list's state, validated (fleets spec §2 "accepts a filter query"). */
const fleetDevicesRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'devices',
  validateSearch: (search: Record<string, unknown>) => validateDeviceListSearch(search),
  loaderDeps: ({ search }) => search,
  // Starts the page's requests while the screen's code loads, instead of after it rendered.
  loader: async ({ context, deps }) => {
    const { fleetDevicePageQuery } = await import('./api/devices.queries.ts');
    void context.queryClient.prefetchQuery(fleetDevicePageQuery(context.fleetId, deviceListParams(deps)));
  },
  component: lazyRouteComponent(() => import('./components/DeviceListPage.tsx'), 'DeviceListPage'),
});

/** Children of `fleetRoute` (`/fleets/$fleetId`). */
export const fleetDeviceRoutes = [fleetDevicesRoute] as const;

/** `/devices/$uuid`: an unknown device goes home (fleets spec §2 Routing rules). */
const deviceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'devices/$uuid',
  loader: async ({ context, params }) => {
    const { deviceQuery } = await import('./api/devices.queries.ts');
    const device = await context.queryClient.ensureQueryData(deviceQuery(params.uuid));
    if (!device) throw redirect({ to: '/' });
  },
});

/** The device index redirects to its summary (fleets spec §2 Route table). */
const deviceIndexRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/devices/$uuid/summary', params: { uuid: params.uuid } });
  },
});

const deviceSummaryRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'summary',
  component: lazyRouteComponent(() => import('./components/DeviceSummaryPage.tsx'), 'DeviceSummaryPage'),
});

/** Children of the signed-in layout (`_app`). */
export const deviceRoutes = [deviceRoute.addChildren([deviceIndexRoute, deviceSummaryRoute])] as const;
