import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../routes/app-layout.tsx';
import { fleetQuery } from '../fleets/api/fleets.queries.ts';
import { fleetRoute, requireClassPage } from '../fleets/routes.tsx';
import { deviceQuery, fleetDevicePageQuery } from './api/devices.queries.ts';
import { deviceListParams, validateDeviceListSearch } from './device-list.ts';
import { namedPageRouteStates } from '../../components/page-route-states.tsx';

/** `/fleets/$fleetId/devices?page&size&sort&dir&filters`: the list's state, validated (fleets spec §2 "accepts a filter query"). */
const fleetDevicesRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'devices',
  beforeLoad: requireClassPage('devices'),
  validateSearch: (search: Record<string, unknown>) => validateDeviceListSearch(search),
  loaderDeps: ({ search }) => search,
  // Starts the page's requests (the page of devices with its total, and the fleet the page and
  // the breadcrumbs name) as soon as the route matches, while the screen's code loads. The
  // queries are imported statically (a few kB, the OData client is in the entry already): an
  // `import()` here waited for its chunk behind the shell's and the page's, ~300 ms on a busy
  // 2-core machine before the first request left.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(fleetDevicePageQuery(context.fleetId, deviceListParams(deps)));
    void context.queryClient.prefetchQuery(fleetQuery(context.fleetId));
  },
  component: lazyRouteComponent(() => import('./components/DeviceListPage.tsx'), 'DeviceListPage'),
});

/** Children of `fleetRoute` (`/fleets/$fleetId`; fleets only). */
export const fleetDeviceRoutes = [fleetDevicesRoute] as const;

/** `/devices/$uuid`: an unknown device goes home, a frozen one to its fleet (fleets spec §2 Routing rules). */
export const deviceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'devices/$uuid',
  ...namedPageRouteStates('device'),
  loader: async ({ context, params }) => {
    const device = await context.queryClient.ensureQueryData(deviceQuery(params.uuid));
    if (!device) throw redirect({ to: '/' });
    const fleet = device.belongs_to__application[0];
    if (device.is_frozen && fleet) throw redirect({ to: '/$fleetClass/$fleetId', params: { fleetClass: 'fleets', fleetId: String(fleet.id) } });
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

/** The device's actions, one section each (fleets spec §2 "Device action pages"). */
const deviceActionsRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'actions',
  component: lazyRouteComponent(() => import('../device-actions/components/DeviceActionsPage.tsx'), 'DeviceActionsPage'),
});

/** Where the device is, reported or set by hand (fleets spec §2 "Device location"). */
const deviceLocationRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'location',
  component: lazyRouteComponent(() => import('../device-location/components/DeviceLocationRoute.tsx'), 'DeviceLocationRoute'),
});

/** The device's settings, one section each (fleets spec §2 "Device action pages" settings). */
const deviceSettingsRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('../device-settings/components/DeviceSettingsPage.tsx'), 'DeviceSettingsPage'),
});

/** Health checks, diagnostics and supervisor state (fleets spec §2 "Device diagnostics"). */
const deviceDiagnosticsRoute = createRoute({
  getParentRoute: () => deviceRoute,
  path: 'diagnostics',
  component: lazyRouteComponent(() => import('../device-diagnostics/components/DeviceDiagnosticsPage.tsx'), 'DeviceDiagnosticsPage'),
});

/**
 * Children of `deviceRoute` (`/devices/$uuid`, a child of the signed-in layout `_app`); the
 * device pages of other features (configuration, variables) join them in router.tsx.
 */
export const devicePageRoutes = [deviceIndexRoute, deviceSummaryRoute, deviceActionsRoute, deviceSettingsRoute, deviceLocationRoute, deviceDiagnosticsRoute] as const;
