import '../saml-catalog.ts';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { SignInFailed, TokenExchange } from '../../auth/components/TokenExchange.tsx';
import { finalizeSamlSignIn } from '../api/saml.requests.ts';
import { samlErrorCodeOf, samlErrorText } from '../saml-error-text.ts';

/**
 * `/saml/callback/signon` (accounts spec §2, needs no token): the API sent the browser here with
 * a one-time code after the identity provider's response validated; the page exchanges it for a
 * session token (POST /auth/saml/finalize), then goes where sign-in goes (the saved page, or the
 * second factor first).
 */
export function SamlSignonPage() {
  const { t } = useTranslation('saml');
  usePageTitle(t('signon.pageTitle'));
  const code = new URLSearchParams(window.location.search).get('code');
  const tryAgain = { to: '/saml', label: t('signon.tryAgain') } as const;
  return (
    <AuthLayout title={t('signon.title')} footer={null}>
      {code ? (
        <TokenExchange obtainToken={() => finalizeSamlSignIn(code)} progress={t('signon.signingIn')} failureText={(error) => samlErrorText(t, samlErrorCodeOf(error))} tryAgain={tryAgain} />
      ) : (
        <SignInFailed text={t('signon.missingCode')} tryAgain={tryAgain} />
      )}
    </AuthLayout>
  );
}
