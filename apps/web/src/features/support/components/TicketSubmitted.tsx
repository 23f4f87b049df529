import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';

/** After a ticket was sent (accounts spec §4 "Ticket form"): create another, visit the help center, or go back. */
export function TicketSubmitted({ ticketId, helpUrl, onCreateAnother, onBack }: { ticketId: number; helpUrl: string | null; onCreateAnother: () => void; onBack: () => void }) {
  const { t } = useTranslation('support');
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        {t('done.message', { id: ticketId })}
      </Alert>
      <Button variant="contained" onClick={onCreateAnother}>
        {t('done.createAnother')}
      </Button>
      {helpUrl && (
        <Button variant="outlined" href={helpUrl} target="_blank" rel="noopener noreferrer">
          {t('private.helpCenter')}
          <VisuallyHidden> {t('shell:header.opensInNewTab')}</VisuallyHidden>
        </Button>
      )}
      <Button onClick={onBack}>{t('done.back')}</Button>
    </Stack>
  );
}
