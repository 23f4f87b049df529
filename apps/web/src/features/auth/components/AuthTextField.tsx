import { useId, type FocusEventHandler, type ChangeEventHandler, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface AuthTextFieldProps {
  label: string;
  name: string;
  type: 'email' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  /** The id of a message elsewhere that describes the field while it has no helper text of its own (the sign-in's error). */
  describedBy?: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  ref: Ref<HTMLInputElement>;
}

/**
 * An outlined text field for the sign-in and sign-up forms, built from the parts MUI's
 * TextField renders (same markup: label tied to the input, helper text as its description).
 * TextField itself also carries its `select` mode (Select, Menu, Popover, Modal: ~20 kB gzip)
 * into the sign-in page's first load (issue 16 W10, apps/web/bundle-budget.json). Takes
 * react-hook-form's `register()` props as they are; the ref reaches the input.
 */
export function AuthTextField({ label, name, type, autoComplete, autoFocus, required, error, helperText, describedBy, onChange, onBlur, ref }: AuthTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" required={required} error={error} fullWidth={false}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={ref}
        // The field's own message first: a field left empty says so rather than the last refusal.
        aria-describedby={helperText ? helperId : describedBy}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
