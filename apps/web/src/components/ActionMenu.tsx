import { Fragment, useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Link as RouterLink } from '@tanstack/react-router';

interface ItemBase {
  label: string;
  /** Starts a new group: a divider goes before it. */
  startsGroup?: boolean;
}

export interface ActionMenuAction<K extends string> extends ItemBase {
  key: K;
  /** Why the action cannot run now (the item is disabled and says so), or null. */
  reason: string | null;
  isDangerous?: boolean;
}

/** A link among the actions (e.g. the device's actions page). */
export interface ActionMenuLink extends ItemBase {
  href: string;
}

export type ActionMenuItem<K extends string> = ActionMenuAction<K> | ActionMenuLink;

/**
 * A button opening a menu of actions (the device summary's Actions, the device list's batch
 * actions): an unavailable action stays in the list, disabled, with its reason under it
 * (fleets spec §5 "When an action is unavailable, the reason is shown and the action is
 * disabled"), and disabled items stay reachable by keyboard so the reason can be read. The
 * menu never grows wider than a phone's screen.
 */
export function ActionMenu<K extends string>({
  label,
  items,
  onSelect,
  isDisabled = false,
  size = 'medium',
}: {
  label: ReactNode;
  items: ReadonlyArray<ActionMenuItem<K>>;
  onSelect: (key: K) => void;
  isDisabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={buttonId}
        size={size}
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={isDisabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId, disabledItemsFocusable: true }, paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {items.map((item) => (
          <Fragment key={'href' in item ? item.href : item.key}>
            {item.startsGroup && <Divider />}
            {'href' in item ? (
              <MenuItem component={RouterLink} to={item.href} onClick={close}>
                {item.label}
              </MenuItem>
            ) : (
              <MenuItem
                disabled={item.reason !== null}
                onClick={() => {
                  close();
                  onSelect(item.key);
                }}
                sx={item.isDangerous ? { color: 'error.main' } : undefined}
              >
                <ListItemText primary={item.label} secondary={item.reason} slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }} />
              </MenuItem>
            )}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
