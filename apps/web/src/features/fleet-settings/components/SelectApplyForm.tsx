import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A setting changed by picking one option and pressing Apply (application type, default device
 * type): the refusal above, the select and its button side by side on a laptop and stacked on a
 * phone, the note below. The caller owns the choice and decides when Apply may be pressed.
 */
export function SelectApplyForm({
  label,
  value,
  onChange,
  renderValue,
  options,
  applyLabel,
  canApply,
  isPending,
  isDisabled = false,
  error,
  note,
  onApply,
}: {
  label: string;
  value: number | '';
  onChange: (value: number) => void;
  renderValue?: (value: unknown) => ReactNode;
  /** The MenuItems. */
  options: ReactNode;
  applyLabel: string;
  canApply: boolean;
  isPending: boolean;
  isDisabled?: boolean;
  error: Error | null;
  note?: ReactNode;
  onApply: () => void;
}) {
  const { t } = useTranslation('fleetSettings');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply && !isPending) onApply();
      }}
    >
      <Stack spacing={1}>
        {error && <Alert severity="error">{error.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label={label}
            value={value}
            onChange={(event) => onChange(Number(event.target.value))}
            disabled={isPending || isDisabled}
            sx={{ minWidth: { sm: 320 } }}
            slotProps={renderValue ? { select: { renderValue } } : undefined}
          >
            {options}
          </TextField>
          <Button type="submit" variant="outlined" disabled={!canApply || isPending} sx={{ flexShrink: 0, mt: { sm: '2px' } }}>
            {isPending ? t('saving') : applyLabel}
          </Button>
        </Stack>
        {note}
      </Stack>
    </form>
  );
}

/** The current value of a setting the user may not change, and why. */
export function ReadOnlySetting({ value }: { value: ReactNode }) {
  const { t } = useTranslation('fleetSettings');
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{value}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('noPermission')}
      </Typography>
    </Stack>
  );
}
