import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/**
 * A boolean-like configuration value as a switch (fleets spec §2: toggles instead of editing;
 * §5: true and 1 are true). When changing it reboots the device (`rebootNote`), the change is
 * confirmed first.
 */
export function ConfigToggle({ name, isOn, isDisabled, busy, rebootNote, onChange }: {
  name: string;
  isOn: boolean;
  isDisabled: boolean;
  busy: boolean;
  rebootNote: string | null;
  onChange: (isOn: boolean) => void;
}) {
  const { t } = useTranslation('configuration');
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <>
      <FormControlLabel
        sx={{ mr: 0 }}
        label={isOn ? t('on') : t('off')}
        control={
          <Switch
            checked={isOn}
            disabled={isDisabled || busy}
            slotProps={{ input: { 'aria-label': t('toggleLabel', { name }) } }}
            onChange={(_, checked) => (rebootNote ? setPending(checked) : onChange(checked))}
          />
        }
      />
      {pending !== null && rebootNote && (
        <ConfirmDialog
          title={t('rebootTitle', { name })}
          message={rebootNote}
          confirmLabel={t('rebootSubmit')}
          confirmColor="primary"
          busy={false}
          onConfirm={() => {
            onChange(pending);
            setPending(null);
          }}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}
