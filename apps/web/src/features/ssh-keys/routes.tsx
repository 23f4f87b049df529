import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { preferencesRoute } from '../preferences/routes.tsx';

const preferencesSshKeysRoute = createRoute({
  getParentRoute: () => preferencesRoute,
  path: 'sshkeys',
  component: lazyRouteComponent(() => import('./components/SshKeysTab.tsx'), 'SshKeysTab'),
});

/** Children of `preferencesRoute` (`/preferences`). */
export const sshKeysRoutes = [preferencesSshKeysRoute] as const;
