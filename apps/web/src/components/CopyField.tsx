import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/notify.ts';

/**
 * A value to copy (a command, a key): read-only, monospace, selected on focus so it can also be
 * copied by hand, with a copy button that says when it worked. A value longer than the field
 * wraps onto more lines (a one-line field would cut a command at 390 px, hiding what is copied).
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = () => void navigator.clipboard?.writeText(value).then(() => notifySuccess(t('copy.copied', { label })), () => undefined);
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline
      size="small"
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', overflowWrap: 'anywhere' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('copy.copy')}>
                <IconButton aria-label={t('copy.copyLabel', { label })} onClick={copy} edge="end">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
