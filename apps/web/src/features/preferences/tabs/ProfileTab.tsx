import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { profileQuery } from '../../profile/api/profile.queries.ts';
import { ProfileForm } from '../../profile/components/ProfileForm.tsx';

/** Preferences → Profile: the sign-up profile fields, editable (accounts spec §5 Profile). */
export function ProfileTab() {
  const { t } = useTranslation('preferences');
  const { data: profile } = useQuery(profileQuery);
  return (
    <Box sx={{ maxWidth: 520 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('profile.title')}
      </Typography>
      <ProfileForm
        profile={profile}
        onSaved={() => notifySuccess(t('profile.saved'))}
        actions={(saving) => (
          <Box>
            <Button type="submit" variant="contained" disabled={saving || !profile}>
              {t('profile.save')}
            </Button>
          </Box>
        )}
      />
    </Box>
  );
}
