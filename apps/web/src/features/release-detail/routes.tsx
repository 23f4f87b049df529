import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { toast } from '../../lib/toast.ts';
import i18n, { loadAppCatalogs } from '../../lib/i18n.ts';
import { requireNumericParam } from '../../lib/guards.ts';
import { fleetRoute } from '../fleets/routes.tsx';
import { releaseSummaryQuery } from './api/release-detail.queries.ts';
import { namedPageRouteStates } from '../../components/page-route-states.tsx';

/**
 * `/fleets|apps|blocks/$fleetId/releases/$releaseId` (fleets spec §2 Route table, "Release
 * detail"; §5 "Release ids in URLs"): a non-numeric id shows "invalid id passed in URL" and goes
 * up to the release list; a release that is not found (or not of this fleet) shows "Resource not
 * found" and goes back to the list (§8 "Not reported"). The class prefix is corrected by the
 * fleet route above it. The index redirects to the summary.
 */
export const releaseRoute = createRoute({
  getParentRoute: () => fleetRoute,
  path: 'releases/$releaseId',
  ...namedPageRouteStates('release'),
  beforeLoad: ({ params }) => ({ releaseId: requireNumericParam(params.releaseId, `/${params.fleetClass}/${params.fleetId}/releases`) }),
  loader: async ({ context, params }) => {
    const release = await context.queryClient.ensureQueryData(releaseSummaryQuery(context.fleetId, context.releaseId));
    if (!release) {
      // Beside the signed-in layout's loader, which may not have the app's catalogs in yet; and
      // before the release pages, whose chunks carry this namespace (release-detail-catalog.ts).
      await Promise.all([loadAppCatalogs(), import('./release-detail-catalog.ts')]);
      toast(i18n.t('releaseDetail:resourceNotFound'), { variant: 'error' });
      throw redirect({ href: `/${params.fleetClass}/${params.fleetId}/releases` });
    }
  },
});

const releaseIndexRoute = createRoute({
  getParentRoute: () => releaseRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$fleetClass/$fleetId/releases/$releaseId/summary', params });
  },
});

/** Version, notes, assets, composition, build log, images and tags. */
const releaseSummaryRoute = createRoute({
  getParentRoute: () => releaseRoute,
  path: 'summary',
  component: lazyRouteComponent(() => import('./components/ReleaseSummaryPage.tsx'), 'ReleaseSummaryPage'),
});

/** Version, validity, finalize and delete (hidden for observers, §2 Sidebar entries). */
const releaseSettingsRoute = createRoute({
  getParentRoute: () => releaseRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('./components/ReleaseSettingsPage.tsx'), 'ReleaseSettingsPage'),
});

/** Children of `fleetRoute`; router.tsx adds them. */
export const releaseDetailRoutes = [releaseRoute.addChildren([releaseIndexRoute, releaseSummaryRoute, releaseSettingsRoute])] as const;
