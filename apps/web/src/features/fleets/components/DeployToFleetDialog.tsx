import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField.tsx';
import { deployCommands } from '../fleet-summary.ts';

/**
 * "Deploy to existing fleet" (fleets spec §2 "Other fleet dialogs"): the balena-cli commands that
 * build and create a release for this fleet, from a project directory (`push` builds on the
 * server, `deploy` builds locally and pushes the images).
 */
export function DeployToFleetDialog({ slug, onClose }: { slug: string; onClose: () => void }) {
  const { t } = useTranslation('fleets');
  const titleId = useId();
  const commands = deployCommands(slug);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('deploy.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('deploy.intro')}</DialogContentText>
        <Stack spacing={2}>
          <CopyField label={t('deploy.push')} value={commands.push} />
          <CopyField label={t('deploy.deploy')} value={commands.deploy} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
