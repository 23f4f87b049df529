import '../../account-email/account-email-catalog.ts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { accountStatusQuery } from '../../account-email/api/account-email.queries.ts';
import { ChangeEmailForm } from '../../account-email/components/ChangeEmailForm.tsx';
import { ChangePasswordForm } from '../../account-email/components/ChangePasswordForm.tsx';
import { DeleteAccountCard } from '../../delete-account/components/DeleteAccountCard.tsx';
import { LogoutOtherSessionsCard } from '../../sessions/components/LogoutOtherSessionsCard.tsx';

/**
 * Preferences → Details: change email and change (or set) password (accounts spec §4, §5). The
 * forms need the account's status (its email, whether a password is set): while it is read they
 * wait, and a failed read shows the error with Retry, not a spinner for ever.
 */
export function DetailsTab() {
  const { t } = useTranslation('accountEmail');
  const status = useQuery(accountStatusQuery);
  return (
    <Box sx={{ maxWidth: 520 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('details.title')}
      </Typography>
      <QueryState query={status} what={t('details.what')} loadingRows={4}>
        {(account) => (
          <Stack spacing={4} divider={<Divider />}>
            <ChangeEmailForm currentEmail={account.email} hasPassword={account.has_password_set} />
            <ChangePasswordForm hasPassword={account.has_password_set} />
            <DeleteAccountCard />
            <LogoutOtherSessionsCard />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
