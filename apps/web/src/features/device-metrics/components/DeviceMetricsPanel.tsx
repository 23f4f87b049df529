import '../device-metrics-catalog.ts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deviceTopic } from '@flotilla/core/schemas/live-events';
import { MetricBar } from '../../../components/MetricBar.tsx';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { formatMegabytes } from '../../../lib/format.ts';
import { useIsTopicLive } from '../../../lib/live/use-live-status.ts';
import { hasNoMetrics, metricRows, type DeviceMetricsInput } from '../device-metrics.ts';

/**
 * The device summary's metrics panel (fleets spec §2 "Metrics panel": success up to 60 %,
 * warning up to 80 %, error above). The values come from the device's cached detail, which
 * pushed reports update as they arrive (lib/live/); it says whether it is live or, with push
 * down, refreshing on the default polling interval.
 */
export function DeviceMetricsPanel({ device }: { device: DeviceMetricsInput & { uuid: string } }) {
  const { t } = useTranslation('deviceMetrics');
  const isLive = useIsTopicLive(deviceTopic(device.uuid));
  const rows = metricRows(device);
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Box title={t(isLive ? 'liveHint' : 'pollingHint')} data-testid="metrics-freshness">
            <StatusDot color={isLive ? 'success' : 'neutral'} label={t(isLive ? 'live' : 'polling')} />
          </Box>
        </Box>
        {hasNoMetrics(device) && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('notYetReported')}
          </Typography>
        )}
        {rows.map((row) => (
          <MetricBar
            key={row.key}
            label={t(row.key)}
            percent={row.percent}
            detail={
              row.used === null
                ? t('notReported')
                : row.key === 'cpu'
                  ? `${row.percent}%`
                  : t('usage', { used: formatMegabytes(row.used), total: formatMegabytes(row.total) })
            }
          />
        ))}
        <Typography variant="body2" color="text.secondary">
          {t('temperature')}: {device.cpu_temp === null ? t('notReported') : t('temperatureValue', { value: device.cpu_temp })}
        </Typography>
      </CardContent>
    </Card>
  );
}
