import '../release-detail-catalog.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { releaseSummaryQuery, type ReleaseSummary } from '../api/release-detail.queries.ts';
import { useReleaseAccess, useReleaseIds } from '../hooks/use-release-access.ts';
import { DeleteReleaseSection } from './DeleteReleaseSection.tsx';
import { FinalizeSection } from './FinalizeSection.tsx';
import { ValiditySection } from './ValiditySection.tsx';
import { VersionSection } from './VersionSection.tsx';

/**
 * /fleets/$fleetId/releases/$releaseId/settings (fleets spec §2 "Release detail", §4 "Release
 * rules"): the version (three-part semver only), validity, finalize once, delete. Controls follow
 * resin.release.update and resin.release.delete (§6); each disabled control says why. The page
 * is hidden for observers: for them it is permission-less and redirects to / (§2 Routing rules).
 */
export function ReleaseSettingsPage() {
  const { t } = useTranslation('releaseDetail');
  const { fleetId, releaseId } = useReleaseIds();
  const query = useQuery(releaseSummaryQuery(fleetId, releaseId));
  usePageTitle(query.data ? t('settings.pageTitle', { version: query.data.raw_version }) : null);
  // The heading is fixed text: the page has its h1 while it loads, fails or waits for roles.
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.title')}
      </Typography>
      <QueryState query={query} what={t('what')}>
        {(release) => (release ? <ReleaseSettings release={release} fleetId={fleetId} /> : <Alert severity="info">{t('notFound')}</Alert>)}
      </QueryState>
    </Box>
  );
}

function ReleaseSettings({ release, fleetId }: { release: ReleaseSummary; fleetId: number }) {
  const { t } = useTranslation('releaseDetail');
  const { fleetClass } = useReleaseIds();
  const access = useReleaseAccess(fleetId);
  if (access.roles === null) return <RolesPending state={access} />;
  if (access.isObserverOnly) return <Navigate to="/" replace />;
  return (
    <Stack spacing={2}>
      {!access.canUpdate && !access.canDelete && <Alert severity="info">{t('settings.readOnly')}</Alert>}
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
        {t('settings.intro')}{' '}
        <Link component={RouterLink} to={`/${fleetClass}/${fleetId}/releases/${release.id}/summary`}>
          {release.raw_version}
        </Link>
      </Typography>
      <VersionSection release={release} fleetId={fleetId} canUpdate={access.canUpdate} />
      <ValiditySection release={release} fleetId={fleetId} canUpdate={access.canUpdate} />
      <FinalizeSection release={release} fleetId={fleetId} canUpdate={access.canUpdate} />
      <DeleteReleaseSection release={release} fleetId={fleetId} fleetClass={fleetClass} canDelete={access.canDelete} />
    </Stack>
  );
}
