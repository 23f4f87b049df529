import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '../../../components/StatusDot.tsx';
import type { ReleaseRow } from '../api/releases.queries.ts';
import { releaseRowStatus } from '../release-display.ts';

/**
 * A release's status in its row (fleets spec §4 "Release status and display"): a build still
 * running shows the build-in-progress indicator with its version; a running build silent for
 * longer than the build timeout reads as failed; the others as their display status.
 */
export function ReleaseStatusCell({ release, now }: { release: Pick<ReleaseRow, 'status' | 'update_timestamp' | 'raw_version'>; now: number }) {
  const { t } = useTranslation('releases');
  const status = releaseRowStatus(release, now);
  if (status.isBuilding) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} data-testid="build-in-progress" title={t('list.buildOf', { version: release.raw_version })}>
        <CircularProgress size={12} thickness={6} aria-hidden />
        <span>{t('list.buildInProgress')}</span>
      </Box>
    );
  }
  return <StatusDot color={status.color} label={t(`status.${status.display}`)} />;
}
