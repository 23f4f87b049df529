import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * A progress bar with its percentage as text beside it (a download, an update). `percent` null
 * means the work is under way but no percentage is known: the bar is indeterminate and no
 * number is claimed. `label` names the bar for assistive technology. `fullWidth` stretches the
 * bar over its container; otherwise it sits inline, `width` wide.
 */
export function ProgressPercent({ percent, label, fullWidth = false, width = 96 }: { percent: number | null; label: string; fullWidth?: boolean; width?: number }) {
  return (
    <Box component="span" sx={{ display: fullWidth ? 'flex' : 'inline-flex', alignItems: 'center', gap: 1, verticalAlign: 'middle', maxWidth: '100%' }}>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        color="info"
        aria-label={label}
        sx={{ ...(fullWidth ? { flexGrow: 1 } : { width }), minWidth: 40, height: 6, borderRadius: 3 }}
      />
      {percent !== null && (
        <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {percent}%
        </Typography>
      )}
    </Box>
  );
}
