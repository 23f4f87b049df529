import '../preferences-catalog.ts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useExperimentalFlag } from '../experimental-flags.ts';

/** Preferences → Experimental features: flags kept in this browser (accounts spec §3). */
export function ExperimentalTab() {
  const { t } = useTranslation('preferences');
  const [displayApps, setDisplayApps] = useExperimentalFlag('displayApps');
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h6" component="h2">
        {t('experimental.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('experimental.intro')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={displayApps} onChange={(event) => setDisplayApps(event.target.checked)} />}
        label={t('experimental.displayApps')}
      />
      <FormHelperText>{t('experimental.displayAppsHelp')}</FormHelperText>
    </Box>
  );
}
