import '../saml-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canMergeSamlAccount, isMergeConsentComplete } from '@flotilla/core/saml';
import { decodeToken, getToken } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useSessionMutation } from '../../auth/hooks/use-session-mutation.ts';
import { finalizeSamlSignIn } from '../api/saml.requests.ts';
import { samlErrorCodeOf, samlErrorText } from '../saml-error-text.ts';

/**
 * `/saml/callback/merge?code=…&shouldMergeWith=…` (accounts spec §2, §4 "SAML merge", §5): the
 * identity provider signed in someone whose email already has an account. The signed-in owner of
 * that account (the route asks for sign-in first) consents with both boxes, and only when the
 * emails match (case-insensitively); then the accounts merge (their API keys are deleted) and
 * the user goes to /.
 */
export function SamlMergePage() {
  const { t } = useTranslation('saml');
  usePageTitle(t('merge.pageTitle'));
  const query = new URLSearchParams(window.location.search);
  const code = query.get('code');
  const providerEmail = query.get('shouldMergeWith') ?? '';
  const token = getToken();
  const email = (token ? decodeToken(token)?.email : null) ?? '';
  const [acceptsTerms, setAcceptsTerms] = useState(false);
  const [understandsApiKeyDeletion, setUnderstands] = useState(false);
  const merge = useSessionMutation(() => finalizeSamlSignIn(code ?? '', getToken() ?? undefined), '/');
  const isMatching = canMergeSamlAccount(providerEmail, email);
  const canSubmit = Boolean(code) && isMergeConsentComplete({ acceptsTerms, understandsApiKeyDeletion }, providerEmail, email) && !merge.isPending;

  return (
    <AuthLayout
      title={t('merge.title')}
      footer={
        <Typography variant="body2">
          <Link to="/">{t('merge.cancel')}</Link>
        </Typography>
      }
    >
      {!code ? (
        <Alert severity="error">{t('merge.missingCode')}</Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canSubmit) merge.mutate(undefined);
          }}
        >
          <Stack spacing={2}>
            <Typography>{t('merge.explanation', { email: providerEmail })}</Typography>
            <Typography>{t('merge.signedInAs', { email })}</Typography>
            {!isMatching && <Alert severity="error">{samlErrorText(t, 'email_mismatch', { providerEmail, email })}</Alert>}
            {merge.isError && <Alert severity="error">{samlErrorText(t, samlErrorCodeOf(merge.error), { providerEmail, email })}</Alert>}
            <FormGroup>
              <FormControlLabel control={<Checkbox checked={acceptsTerms} onChange={(e) => setAcceptsTerms(e.target.checked)} />} label={t('merge.acceptTerms')} />
              <FormControlLabel control={<Checkbox checked={understandsApiKeyDeletion} onChange={(e) => setUnderstands(e.target.checked)} />} label={t('merge.understandApiKeys')} />
            </FormGroup>
            <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
              {t('merge.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
