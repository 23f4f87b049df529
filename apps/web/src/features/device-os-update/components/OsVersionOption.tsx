import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OsUpdateOption } from '@flotilla/core/os-update';
import { WARNING_OUTLINED } from '../../../theme.ts';
import { ReleaseLineChip } from './ReleaseLineChip.tsx';

/** One version of the OS update list: version, line, ESR and takeover marks, and why it cannot be chosen. */
export function OsVersionOption({ option }: { option: OsUpdateOption }) {
  const { t } = useTranslation('deviceOsUpdate');
  const { release } = option;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
      <span>{release.rawVersion}</span>
      {release.line && <ReleaseLineChip line={release.line} />}
      {release.osType === 'esr' && <Chip size="small" label={t('os.esrMark')} sx={{ ml: 0.5 }} />}
      {option.isTakeover && <Chip size="small" variant="outlined" label={t('os.takeoverMark')} sx={{ ml: 0.5, ...WARNING_OUTLINED }} />}
      {!option.isSelectable && (
        <Typography component="span" variant="caption" sx={{ ml: 1 }}>
          ({option.isRunning ? t('os.runningMark') : t(`os.class.${option.updateClass}`)})
        </Typography>
      )}
    </Box>
  );
}
