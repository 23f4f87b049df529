import '../saml-catalog.ts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ssoIdentifierProblem } from '@flotilla/core/saml';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';

/** `/saml` (accounts spec §2): the person enters their organization's SSO identifier (§5 rule), then `/saml/{ssoIdentifier}`. */
export function SamlStartPage() {
  const { t } = useTranslation('saml');
  usePageTitle(t('start.pageTitle'));
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<{ ssoIdentifier: string }>({ defaultValues: { ssoIdentifier: '' } });
  const problem = formState.errors.ssoIdentifier?.message;
  return (
    <AuthLayout
      title={t('start.title')}
      footer={
        <Typography variant="body2">
          <Link to="/login">{t('start.backToSignIn')}</Link>
        </Typography>
      }
    >
      <form noValidate onSubmit={handleSubmit(({ ssoIdentifier }) => navigate({ to: '/saml/$ssoIdentifier', params: { ssoIdentifier: ssoIdentifier.trim() } }))}>
        <Stack spacing={2}>
          <Typography>{t('start.intro')}</Typography>
          <TextField
            label={t('start.identifier')}
            autoFocus
            required
            autoComplete="organization"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            error={Boolean(problem)}
            helperText={problem ? t(`fields.sso_identifier.${problem}`) : undefined}
            {...register('ssoIdentifier', { validate: (v) => ssoIdentifierProblem(v.trim()) ?? true })}
          />
          <Button type="submit" variant="contained" size="large">
            {t('start.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
