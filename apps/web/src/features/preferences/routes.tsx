import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../routes/app-layout.tsx';

/**
 * `/preferences` with its tabs (accounts spec §2); the index redirects to details. Tabs of
 * other features (ssh-keys, access-tokens) hang under it too; router.tsx adds its children.
 */
export const preferencesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'preferences',
  component: lazyRouteComponent(() => import('./components/PreferencesPage.tsx'), 'PreferencesPage'),
});

const preferencesIndexRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/preferences/details' });
  },
});

const preferencesDetailsRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'details',
  component: lazyRouteComponent(() => import('./tabs/DetailsTab.tsx'), 'DetailsTab'),
});

const preferencesProfileRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'profile',
  component: lazyRouteComponent(() => import('./tabs/ProfileTab.tsx'), 'ProfileTab'),
});

const preferencesTwoFactorRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: '2fa',
  component: lazyRouteComponent(() => import('./tabs/TwoFactorTab.tsx'), 'TwoFactorTab'),
});

const preferencesExperimentalRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'experimental',
  component: lazyRouteComponent(() => import('./tabs/ExperimentalTab.tsx'), 'ExperimentalTab'),
});

/** Children of `preferencesRoute`. */
export const preferencesTabRoutes = [
  preferencesIndexRoute,
  preferencesDetailsRoute,
  preferencesProfileRoute,
  preferencesTwoFactorRoute,
  preferencesExperimentalRoute,
] as const;
