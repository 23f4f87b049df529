import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { StatusColor } from '@flotilla/core/device-status';
import { useIsOffline } from '../lib/use-is-offline.ts';

/** Theme colours for the status tokens of @flotilla/core/device-status. */
export const STATUS_COLOR_CSS: Record<StatusColor, string> = {
  success: 'success.main',
  info: 'info.main',
  warning: 'warning.main',
  error: 'error.main',
  neutral: 'grey.500',
};

/**
 * A coloured dot followed by its label as text (status is never shown by colour alone). While
 * the dashboard is offline (accounts spec §8) a status is only the last one known: the dot turns
 * into a grey ring and the label says so, so "Online" is never shown as current.
 */
export function StatusDot({ color, label }: { color: StatusColor; label: string }) {
  const { t } = useTranslation('shell');
  const isStale = useIsOffline();
  return (
    <Box
      component="span"
      data-stale={isStale ? 'true' : undefined}
      title={isStale ? t('offline.staleHint') : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          boxSizing: 'border-box',
          ...(isStale ? { border: 2, borderColor: STATUS_COLOR_CSS.neutral } : { bgcolor: STATUS_COLOR_CSS[color] }),
        }}
      />
      <span>{isStale ? t('offline.staleStatus', { status: label }) : label}</span>
    </Box>
  );
}
