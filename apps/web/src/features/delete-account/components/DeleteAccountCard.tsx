import '../delete-account-catalog.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

/** Preferences → Details danger zone: opens the delete-account dialog (accounts spec §4). */
export function DeleteAccountCard() {
  const { t } = useTranslation('deleteAccount');
  const [isOpen, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderColor: 'error.main' }} component="section" aria-labelledby="delete-account-title">
      <Typography id="delete-account-title" variant="subtitle1" component="h3" color="error" sx={{ fontWeight: 600 }}>
        {t('card.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('card.description')}
      </Typography>
      <Box>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t('card.button')}
        </Button>
      </Box>
      {isOpen && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Paper>
  );
}
