import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, isSocialProvider, socialStartPath } from '@flotilla/core/social-sign-in';
import { saveReturnUrl } from '../../../lib/session.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';

/**
 * "Continue with GitHub / Google" (accounts spec §2: social sign-in sends the browser to an
 * auth path per provider), for the providers the deployment configured only; none, or the
 * configuration not (yet) read, shows nothing: the password form works either way. The page
 * asked for is kept for after the provider sends the browser back.
 */
export function SocialSignInButtons({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation('auth');
  // SAML has its own link ("Sign in with SSO", /saml): only OAuth providers get a button here.
  const providers = (useQuery(clientConfigQuery).data?.socialProviders ?? []).filter(isSocialProvider);
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Divider>{t('social.or')}</Divider>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outlined"
          size="large"
          href={socialStartPath(provider)}
          onClick={() => {
            if (redirect) saveReturnUrl(redirect);
          }}
        >
          {t('social.continueWith', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
        </Button>
      ))}
    </Stack>
  );
}
