import '../preferences-catalog.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { profileQuery } from '../../profile/api/profile.queries.ts';
import { ProfileForm } from '../../profile/components/ProfileForm.tsx';

/**
 * Preferences → Profile: the sign-up profile fields, editable (accounts spec §5 Profile). The
 * form renders only once the profile is read: an empty form saved after a failed read would
 * wipe the stored fields, so a failure shows the error with Retry instead.
 */
export function ProfileTab() {
  const { t } = useTranslation('preferences');
  const profile = useQuery(profileQuery);
  return (
    <Box sx={{ maxWidth: 520 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('profile.title')}
      </Typography>
      <QueryState query={profile} what={t('profile.what')} loadingRows={4}>
        {(data) => (
          <ProfileForm
            profile={data}
            onSaved={() => notifySuccess(t('profile.saved'))}
            actions={(saving) => (
              <Box>
                <Button type="submit" variant="contained" disabled={saving}>
                  {t('profile.save')}
                </Button>
              </Box>
            )}
          />
        )}
      </QueryState>
    </Box>
  );
}
