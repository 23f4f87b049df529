import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DeviceOverrideRow } from '../api/configuration.queries.ts';
import { ConfigValue } from './ConfigValue.tsx';

/** The overrides dialog (fleets spec §2): the devices that set their own value of one fleet variable, each linked to its configuration page. */
export function OverridesDialog({ name, fleetValue, overrides, onClose }: { name: string; fleetValue: string | null; overrides: readonly DeviceOverrideRow[]; onClose: () => void }) {
  const { t } = useTranslation('configuration');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('overrides.title', { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{t('overrides.intro', { fleetValue: fleetValue ?? t('notSet') })}</DialogContentText>
        <List aria-label={t('overrides.title', { name })}>
          {overrides.map((override) => (
            <ListItem key={override.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/devices/${override.device.uuid}/config`}>
                    {override.device.device_name}
                  </Link>
                }
                secondary={<ConfigValue name={name} value={override.value} />}
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('overrides.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
