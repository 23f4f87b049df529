import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { metricBarColor } from '@flotilla/core/device-status';

/** Fleets spec "Status colours": success up to 60 %, warning up to 80 %, error above. */
export function MetricBar({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={metricBarColor(percent)}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
