import '../account-email-catalog.ts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useFocusWhenLost } from './use-focus-when-lost.ts';

/** `/password-reset/success`. */
export function PasswordResetSuccessPage() {
  const { t } = useTranslation('accountEmail');
  usePageTitle(t('success.pageTitle'));
  // Reached from the reset form, whose focus the navigation dropped: the next step takes it.
  const focusWhenLost = useFocusWhenLost<HTMLAnchorElement>();
  return (
    <AuthLayout
      title={t('success.title')}
      footer={
        <Button ref={focusWhenLost} component={Link} to="/login" variant="contained">
          {t('success.toLogin')}
        </Button>
      }
    >
      <Typography>{t('success.body')}</Typography>
    </AuthLayout>
  );
}
