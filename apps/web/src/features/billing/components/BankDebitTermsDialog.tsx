import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslation } from 'react-i18next';

/**
 * The recurring-debit terms (accounts spec §4: a bank-type method and a paid plan need them
 * accepted before the change; §9 "Recurring debit can be cancelled with 30 days notice").
 */
export function BankDebitTermsDialog({ onAccept, onClose }: { onAccept: () => void; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const [isChecked, setIsChecked] = useState(false);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('terms.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('terms.text')}</DialogContentText>
        <FormControlLabel sx={{ mt: 2 }} control={<Checkbox checked={isChecked} onChange={(event) => setIsChecked(event.target.checked)} />} label={t('terms.accept')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button variant="contained" disabled={!isChecked} onClick={onAccept}>
          {t('terms.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
