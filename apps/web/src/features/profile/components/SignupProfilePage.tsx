import '../../preferences/preferences-catalog.ts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { postLoginDestination } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { profileQuery } from '../api/profile.queries.ts';
import { ProfileForm } from './ProfileForm.tsx';

/**
 * `/signup/profile` (accounts spec §4): save or skip, then the stored redirect or `/`. The form
 * waits for the stored profile: saved empty after a failed read it would wipe it, so a failure
 * shows the error with Retry, and Skip stays.
 */
export function SignupProfilePage() {
  const { t } = useTranslation('preferences');
  usePageTitle(t('profile.title'));
  const router = useRouter();
  const profile = useQuery(profileQuery);
  const proceed = () => void router.navigate({ href: postLoginDestination(undefined) });

  return (
    <Paper variant="outlined" sx={{ maxWidth: 520, mx: 'auto', mt: 4, p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('profile.signupTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.signupIntro')}
      </Typography>
      <QueryState query={profile} what={t('profile.what')} loadingRows={4}>
        {(data) => (
          <ProfileForm
            profile={data}
            onSaved={proceed}
            actions={(saving) => (
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={proceed} disabled={saving}>
                  {t('profile.skip')}
                </Button>
                <Button type="submit" variant="contained" disabled={saving}>
                  {t('profile.save')}
                </Button>
              </Stack>
            )}
          />
        )}
      </QueryState>
      {profile.data === undefined && profile.error && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={proceed}>{t('profile.skip')}</Button>
        </Stack>
      )}
    </Paper>
  );
}
