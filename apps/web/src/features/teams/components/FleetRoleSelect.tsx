import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FLEET_ROLES, type FleetRoleName } from '@flotilla/core/roles';

/** A fleet role picker (fleets spec §6 "Fleet roles"), strongest role first. */
export function FleetRoleSelect({
  label,
  value,
  onChange,
  disabled = false,
  withHelp = false,
  size = 'medium',
}: {
  label: string;
  value: FleetRoleName;
  onChange: (role: FleetRoleName) => void;
  disabled?: boolean;
  withHelp?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('teams');
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      size={size}
      onChange={(event) => onChange(event.target.value as FleetRoleName)}
      slotProps={{ select: { renderValue: (selected) => t(`roles.${selected as FleetRoleName}`) } }}
    >
      {FLEET_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          <ListItemText primary={t(`roles.${role}`)} secondary={withHelp ? t(`roleHelp.${role}`) : undefined} />
        </MenuItem>
      ))}
    </TextField>
  );
}
