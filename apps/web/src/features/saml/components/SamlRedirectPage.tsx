import '../saml-catalog.ts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { samlStartPath } from '@flotilla/core/saml';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';

const route = getRouteApi('/saml/$ssoIdentifier');

/**
 * `/saml/{ssoIdentifier}` (accounts spec §2 "redirect"): the browser goes to the API's
 * GET /auth/saml/{ssoIdentifier}, which sends it on to the identity provider (or back to
 * /signup?saml_error=unknown_sso_identifier). A link does the same if the navigation is blocked.
 */
export function SamlRedirectPage() {
  const { t } = useTranslation('saml');
  usePageTitle(t('redirect.pageTitle'));
  const { ssoIdentifier } = route.useParams();
  const href = samlStartPath(ssoIdentifier);
  useEffect(() => {
    window.location.assign(href);
  }, [href]);
  return (
    <AuthLayout title={t('redirect.title')} footer={null}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('redirect.redirecting')}</Typography>
        </Stack>
        <Button variant="outlined" href={href}>
          {t('redirect.manual')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
