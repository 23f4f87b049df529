import TextField from '@mui/material/TextField';
import { CREDITS_MAX, parseDigitsClamped } from '@flotilla/core/billing/credits';

/**
 * A whole-number field of the credits page (accounts spec §5 Credits: digits only, clamped):
 * anything but digits is dropped as it is typed and the value is held within 0..max.
 */
export function DigitsField({
  label,
  value,
  onChange,
  max = CREDITS_MAX,
  helperText,
  disabled,
  autoFocus,
  name,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  max?: number;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
}) {
  return (
    <TextField
      label={label}
      name={name}
      value={String(value)}
      onChange={(event) => onChange(parseDigitsClamped(event.target.value, max))}
      helperText={helperText}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: String(max).length + 1 } }}
    />
  );
}
