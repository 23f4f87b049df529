import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Centered card for the signed-out pages. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 420 }} elevation={2}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('appName')}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
        <Box sx={{ mt: 3 }}>{footer}</Box>
      </Paper>
    </Box>
  );
}
