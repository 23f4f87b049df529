import { useId, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { readLogoFile, type LogoProblem } from '../logo-file.ts';

export interface LogoValue {
  dataUrl: string | null;
  problem: LogoProblem | null;
}

export const EMPTY_LOGO: LogoValue = { dataUrl: null, problem: null };

/** A png/jpeg file picker with a preview; the file input is labelled for keyboard and screen readers. */
export function LogoPicker({ label, value, onChange }: { label: string; value: LogoValue; onChange: (value: LogoValue) => void }) {
  const { t } = useTranslation('organizations');
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();

  async function pick(file: File | undefined) {
    if (!file) return;
    const result = await readLogoFile(file);
    onChange('dataUrl' in result ? { dataUrl: result.dataUrl, problem: null } : { dataUrl: null, problem: result.problem });
  }

  return (
    <Box>
      <Typography variant="body2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {value.dataUrl && <Avatar src={value.dataUrl} alt={t('changeLogo.preview')} variant="rounded" sx={{ width: 48, height: 48 }} />}
        <Button variant="outlined" onClick={() => inputRef.current?.click()}>
          {t('create.chooseLogo')}
        </Button>
        {value.dataUrl && <Button onClick={() => onChange(EMPTY_LOGO)}>{t('create.removeLogo')}</Button>}
        <input
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg"
          aria-label={label}
          aria-describedby={helpId}
          hidden
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            // Picking the same file again still fires change.
            event.target.value = '';
          }}
        />
      </Box>
      <FormHelperText id={helpId} error={value.problem !== null}>
        {value.problem ? t(`logo.${value.problem}`) : t('create.logoHelp')}
      </FormHelperText>
    </Box>
  );
}
