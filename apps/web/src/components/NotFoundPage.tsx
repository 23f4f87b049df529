import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title.ts';

/** Unknown paths (accounts spec §2): a not-found page with a go-home button. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Box component="main" sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.message')}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {t('notFound.goHome')}
      </Button>
    </Box>
  );
}
