import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { MENU_ACTIONS, type DeviceMenuAction } from '../device-action-rules.ts';
import { useDeviceActionAvailability } from '../hooks/use-device-action-availability.ts';
import { useDeviceActionFlow } from '../hooks/use-device-action-flow.tsx';

/**
 * The device summary's "Actions" menu (fleets spec §2 "Device summary"): restart services,
 * identify, reboot, purge data, shutdown, delete. An unavailable action stays in the list,
 * disabled, with its reason under it (§5); disabled items stay reachable by keyboard so the
 * reason can be read. The last item opens the actions page.
 */
export function DeviceActionsMenu({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceActions');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const availability = useDeviceActionAvailability(device);
  const flow = useDeviceActionFlow({
    id: device.id,
    uuid: device.uuid,
    name: device.device_name,
    fleetId: device.belongs_to__application[0]?.id ?? 0,
  });

  const handleSelect = (action: DeviceMenuAction) => {
    setAnchor(null);
    flow.request(action);
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {flow.runningAction ? t('menu.running', { action: t(`actions.${flow.runningAction}.label`) }) : t('menu.open')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId, disabledItemsFocusable: true }, paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {MENU_ACTIONS.map((action) => {
          const state = availability?.[action];
          const reason = state === undefined ? t('checking') : state.isAvailable ? null : t(`unavailable.${state.reason}`);
          return (
            <MenuItem
              key={action}
              disabled={!state?.isAvailable}
              onClick={() => handleSelect(action)}
              sx={action === 'delete' ? { color: 'error.main' } : undefined}
            >
              <ListItemText
                primary={t(`actions.${action}.label`)}
                secondary={reason}
                slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to={`/devices/${device.uuid}/actions`} onClick={() => setAnchor(null)}>
          {t('menu.actionsPage')}
        </MenuItem>
      </Menu>
      {flow.dialog}
    </>
  );
}
