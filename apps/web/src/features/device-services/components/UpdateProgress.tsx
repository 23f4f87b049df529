import '../device-services-catalog.ts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ProgressPercent } from '../../../components/ProgressPercent.tsx';
import { updateProgressShown, type UpdateProgressInput } from '../update-progress.ts';

/** The device's update progress (bar and percent) while it downloads or applies a release; nothing otherwise. */
export function UpdateProgress({ device, inline = false }: { device: UpdateProgressInput; inline?: boolean }) {
  // Checked before any hook: the device list renders this in every row, and most devices are not updating.
  const shown = updateProgressShown(device);
  return shown ? <UpdateProgressBar percent={shown.percent} inline={inline} /> : null;
}

function UpdateProgressBar({ percent, inline }: { percent: number | null; inline: boolean }) {
  const { t } = useTranslation('deviceServices');
  const bar = <ProgressPercent percent={percent} label={t('updateProgress')} width={inline ? 56 : 160} />;
  return inline ? bar : <Box sx={{ mt: 0.5 }}>{bar}</Box>;
}
