import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OsReleaseLine } from '@flotilla/core/os-releases';

/**
 * The release line badge (fleets spec §9: next green, current teal, sunset yellow, outdated red),
 * outlined in shades dark enough for text on the page's background.
 */
const LINE_COLOR: Record<OsReleaseLine, string> = {
  next: '#2e7d32',
  current: '#00695c',
  sunset: '#7a5a00',
  outdated: '#c62828',
};

export function ReleaseLineChip({ line }: { line: OsReleaseLine }) {
  const { t } = useTranslation('deviceOsUpdate');
  const label = t(`line.${line}`);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      aria-label={t('lineLabel', { line: label })}
      sx={{ ml: 1, color: LINE_COLOR[line], borderColor: LINE_COLOR[line], fontWeight: 500 }}
    />
  );
}
