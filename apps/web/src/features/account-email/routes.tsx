import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireVerificationPending } from '../../lib/guards.ts';
import { rootRoute } from '../../routes/root.tsx';

/** Accounts spec §2, §4: email verification and password reset pages, outside the shell. */
const verifyEmailPendingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/verify-email/pending',
  beforeLoad: ({ location, context }) => requireVerificationPending({ location, queryClient: context.queryClient }),
  component: lazyRouteComponent(() => import('./components/VerifyEmailPendingPage.tsx'), 'VerifyEmailPendingPage'),
});

/** The emailed verification link: `?token=…&email=…`, no sign-in needed. */
const verifyEmailLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/verify-email',
  // Both keys present (undefined when dropped): see ownKeys in components/data-list/list-search.ts.
  validateSearch: (search: Record<string, unknown>): { token?: string; email?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    email: typeof search.email === 'string' ? search.email : undefined,
  }),
  component: lazyRouteComponent(() => import('./components/VerifyEmailLinkPage.tsx'), 'VerifyEmailLinkPage'),
});

const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password-reset',
  component: lazyRouteComponent(() => import('./components/PasswordResetRequestPage.tsx'), 'PasswordResetRequestPage'),
});

const passwordResetSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password-reset/success',
  component: lazyRouteComponent(() => import('./components/PasswordResetSuccessPage.tsx'), 'PasswordResetSuccessPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/reset-password/$loginCode',
  component: lazyRouteComponent(() => import('./components/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
});

/** Children of the root route (outside the shell). */
export const accountEmailRoutes = [
  verifyEmailPendingRoute,
  verifyEmailLinkRoute,
  passwordResetRoute,
  passwordResetSuccessRoute,
  resetPasswordRoute,
] as const;
