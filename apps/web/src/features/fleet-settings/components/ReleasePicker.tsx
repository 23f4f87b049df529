import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { releaseText, type ReleaseRefLike } from '../release-target.ts';

/**
 * The select that picks a release to pin (a fleet on its settings, a device on its own), each
 * labelled "1.2.3 (abcdef1)". The value is the release id, '' before one is chosen.
 */
export function ReleasePicker({
  label,
  choices,
  value,
  onChange,
  disabled,
  helperText,
}: {
  label: string;
  choices: readonly ReleaseRefLike[];
  value: number | '';
  onChange: (releaseId: number) => void;
  disabled: boolean;
  helperText?: ReactNode;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(Number(event.target.value))} disabled={disabled} helperText={helperText} sx={{ maxWidth: 480 }}>
      {choices.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {releaseText(r)}
        </MenuItem>
      ))}
    </TextField>
  );
}
