import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** Fleets spec §8: a page-level error shows "something went wrong" with the text and a reload action. */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : '';
  return (
    <Box sx={{ p: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      >
        {t('errors.somethingWentWrong')}
        {detail ? `: ${detail}` : ''}
      </Alert>
    </Box>
  );
}
