import { Suspense, lazy } from 'react';

const SocialSignInButtons = lazy(() => import('./SocialSignInButtons.tsx').then((m) => ({ default: m.SocialSignInButtons })));

/**
 * The social sign-in buttons, fetched after the sign-in form: they are an extra the form works
 * without, and their code (the configuration query, the divider) would otherwise count in the
 * sign-in page's first load (issue 16 W10, apps/web/bundle-budget.json).
 */
export function LazySocialSignInButtons({ redirect }: { redirect: string | undefined }) {
  return (
    <Suspense fallback={null}>
      <SocialSignInButtons redirect={redirect} />
    </Suspense>
  );
}
