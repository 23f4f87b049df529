import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';

/** An on/off setting (public URL, local mode): a labelled switch, disabled while saving or not allowed, the refusal above it. */
export function ToggleSetting({ label, isOn, isDisabled, isPending, error, onChange }: {
  label: string;
  isOn: boolean;
  isDisabled: boolean;
  isPending: boolean;
  error: Error | null;
  onChange: (isOn: boolean) => void;
}) {
  return (
    <Stack spacing={1}>
      {error && <Alert severity="error">{error.message}</Alert>}
      <FormControlLabel
        control={<Switch checked={isOn} disabled={isDisabled || isPending} onChange={(event) => onChange(event.target.checked)} />}
        label={label}
      />
    </Stack>
  );
}
