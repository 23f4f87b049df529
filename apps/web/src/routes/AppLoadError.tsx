import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageError } from '../components/PageError.tsx';
import { logout } from '../lib/session.ts';

/**
 * The signed-in layout itself failed to load (who-am-I, the account status, the app's words):
 * there is no header and no user menu to sign out from, so besides Retry this offers Sign out,
 * and a user is never stuck on an error with no way out.
 */
export function AppLoadError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageError error={error} reset={reset} asPage />
      <Box sx={{ px: { xs: 2, sm: 4 } }}>
        <Button variant="outlined" onClick={() => logout('signed-out')}>
          {t('header.signOut')}
        </Button>
      </Box>
    </>
  );
}
