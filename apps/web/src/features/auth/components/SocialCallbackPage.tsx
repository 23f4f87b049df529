import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, isSocialProvider } from '@flotilla/core/social-sign-in';
import { cleanErrorText } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { exchangeSocialAnswer } from '../api/social-sign-in.requests.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { SignInFailed, TokenExchange } from './TokenExchange.tsx';

const route = getRouteApi('/auth/$provider/callback');

/**
 * `/auth/{provider}/callback` (accounts spec §2, §8 "Social callback errors throw server text
 * or status"): the provider sent the browser back here; the API turns its answer into a session
 * token, then the user goes where sign-in goes (the saved page, or the second factor first).
 */
export function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('social.pageTitle'));
  const { provider } = route.useParams();
  const tryAgain = { to: '/login', label: t('social.backToSignIn') } as const;
  return (
    <AuthLayout title={t('social.title')} footer={null}>
      {isSocialProvider(provider) ? (
        <TokenExchange
          // The raw query, as the provider wrote it (the router would parse number-like values).
          obtainToken={() => exchangeSocialAnswer(provider, window.location.search)}
          progress={t('social.signingIn', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
          failureText={(error) => (error instanceof Error ? cleanErrorText(error.message) : '') || t('social.failed', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
          tryAgain={tryAgain}
        />
      ) : (
        <SignInFailed text={t('social.unknownProvider')} tryAgain={tryAgain} />
      )}
    </AuthLayout>
  );
}
