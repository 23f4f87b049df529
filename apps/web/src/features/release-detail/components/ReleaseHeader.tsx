import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { effectiveReleaseStatus, releaseDisplayStatus, type ReleaseDisplayStatus } from '@flotilla/core/release-status';
import { InfoList } from '../../../components/InfoList.tsx';
import { formatDate } from '../../../lib/format.ts';
import { WARNING_OUTLINED } from '../../../theme.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

const STATUS_COLOR = { succeeded: 'success', running: 'info', failed: 'error', cancelled: 'default', local: 'default' } as const satisfies Record<ReleaseDisplayStatus, string>;


/**
 * The release's header (fleets spec §2 "Release detail", §3 Release): version as the page's h1,
 * its status as §4 displays it (a running build silent for over 120 s shows as failed, timed
 * out), commit, creation, creator, final or draft, validity. A running build shows a
 * build-in-progress indicator with its version (§4).
 */
export function ReleaseHeader({ release }: { release: ReleaseSummary }) {
  const { t } = useTranslation('releaseDetail');
  const display = releaseDisplayStatus(effectiveReleaseStatus(release));
  const creator = release.is_created_by__user[0]?.username;
  return (
    <Card variant="outlined" component="section" aria-label={t('header.label')}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', mr: 1 }}>
            {t('title', { version: release.raw_version })}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[display]} label={t(`status.${display}`)} />
          <Chip size="small" variant="outlined" label={release.is_final ? t('header.final') : t('header.draft')} />
          {release.is_invalidated && (
            <Chip size="small" variant="outlined" label={t('header.invalidated')} sx={WARNING_OUTLINED} />
          )}
        </Box>
        {display === 'running' && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" id={`release-${release.id}-build`} sx={{ mb: 0.5 }}>
              {t('header.buildInProgress', { version: release.raw_version })}
            </Typography>
            <LinearProgress aria-labelledby={`release-${release.id}-build`} />
          </Box>
        )}
        <InfoList
          items={[
            { label: t('header.version'), value: release.raw_version },
            { label: t('header.status'), value: t(`status.${display}`) },
            { label: t('header.commit'), value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{release.commit}</Box> },
            { label: t('header.created'), value: formatDate(release.created_at) },
            { label: t('header.createdBy'), value: creator ?? t('header.unknownUser') },
            { label: t('header.type'), value: release.is_final ? t('header.final') : t('header.draft') },
            { label: t('header.validity'), value: release.is_invalidated ? t('header.invalidated') : t('header.valid') },
          ]}
        />
      </CardContent>
    </Card>
  );
}
