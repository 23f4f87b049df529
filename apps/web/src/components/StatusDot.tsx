import Box from '@mui/material/Box';
import type { StatusColor } from '@flotilla/core/device-status';

/** Theme colours for the status tokens of @flotilla/core/device-status. */
export const STATUS_COLOR_CSS: Record<StatusColor, string> = {
  success: 'success.main',
  info: 'info.main',
  warning: 'warning.main',
  error: 'error.main',
  neutral: 'grey.500',
};

/** A coloured dot followed by its label as text (status is never shown by colour alone). */
export function StatusDot({ color, label }: { color: StatusColor; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLOR_CSS[color], flexShrink: 0 }}
      />
      <span>{label}</span>
    </Box>
  );
}
