import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../routes/app-layout.tsx';

/** `/signup/profile` (accounts spec §4): the profile step after sign-up, inside the shell without sidebar. */
const signupProfileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'signup/profile',
  component: lazyRouteComponent(() => import('./components/SignupProfilePage.tsx'), 'SignupProfilePage'),
});

/** Children of the signed-in layout (`_app`). */
export const profileRoutes = [signupProfileRoute] as const;
