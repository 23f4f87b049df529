import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { readCookieConsent, writeCookieConsent } from '../cookie-consent.ts';

/**
 * Accounts spec §2: the cookie banner. Essential cookies are required (a checked, disabled
 * box), analytics is off until the user ticks it. The choice is kept in this browser and the
 * banner does not come back. It sits in the page flow, not over it, and is plain buttons and a
 * checkbox: operable with the keyboard like everything else.
 */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  const labelId = useId();
  const [hasChosen, setHasChosen] = useState(() => readCookieConsent() !== null);
  const [isAnalyticsOn, setAnalyticsOn] = useState(false);
  if (hasChosen) return null;

  const handleChoice = (analytics: boolean) => {
    writeCookieConsent({ essential: true, analytics });
    setHasChosen(true);
  };

  return (
    <Paper component="section" aria-labelledby={labelId} variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="cookie-banner">
      <Typography id={labelId} variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {t('cookies.label')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('cookies.message')}
      </Typography>
      <FormGroup row sx={{ columnGap: 2 }}>
        <FormControlLabel control={<Checkbox checked disabled />} label={t('cookies.essential')} />
        <FormControlLabel
          control={<Checkbox checked={isAnalyticsOn} onChange={(event) => setAnalyticsOn(event.target.checked)} />}
          label={t('cookies.analytics')}
        />
      </FormGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="outlined" onClick={() => handleChoice(isAnalyticsOn)}>
          {t('cookies.save')}
        </Button>
        <Button variant="contained" onClick={() => handleChoice(true)}>
          {t('cookies.acceptAll')}
        </Button>
      </Box>
    </Paper>
  );
}
