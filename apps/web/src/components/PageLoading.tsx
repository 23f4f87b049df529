import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }} role="status" aria-live="polite">
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
