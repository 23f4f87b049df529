import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * The organizations a provider authorizes or will authorize (accounts spec §5 "at least one
 * organization"): a multiple select of the ones offered, by name with the handle beside.
 */
export function OrganizationMultiSelect({
  label,
  options,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ id: number; name: string; handle: string }>;
  value: readonly number[];
  error: string | undefined;
  disabled?: boolean;
  onChange: (ids: number[]) => void;
}) {
  const nameOf = (id: number) => options.find((o) => o.id === id)?.name ?? String(id);
  return (
    <TextField
      select
      required
      fullWidth
      label={label}
      value={[...value]}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const raw = event.target.value as unknown;
        const ids = (Array.isArray(raw) ? raw : String(raw).split(',')).map(Number).filter((id) => Number.isInteger(id));
        onChange(ids);
      }}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as number[]).map(nameOf).join(', ') } }}
    >
      {options.map((org) => (
        <MenuItem key={org.id} value={org.id}>
          <Checkbox checked={value.includes(org.id)} size="small" tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
          <ListItemText primary={org.name} secondary={org.handle} />
        </MenuItem>
      ))}
    </TextField>
  );
}
