import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ProgressPercent } from '../../../components/ProgressPercent.tsx';
import { StatusDot } from '../../../components/StatusDot.tsx';
import type { ServiceLine } from '../current-services.ts';

/** A container's status as a coloured dot with its name, and below it the bar and percent while it downloads or installs. */
export function ServiceStatus({ line }: { line: ServiceLine }) {
  const { t } = useTranslation('deviceServices');
  const label = t(`status.${line.status}`, { defaultValue: line.status });
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <StatusDot color={line.color} label={label} />
      {line.showsProgress && (
        <ProgressPercent percent={line.percent} label={t('progressLabel', { service: line.serviceName, status: label })} fullWidth />
      )}
    </Box>
  );
}
