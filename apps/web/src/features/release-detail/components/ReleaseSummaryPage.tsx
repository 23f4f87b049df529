import '../release-detail-catalog.ts';
import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { releaseSummaryQuery, type ReleaseSummary } from '../api/release-detail.queries.ts';
import { useReleaseAccess, useReleaseIds, type ReleaseAccess } from '../hooks/use-release-access.ts';
import { ReleaseAssetsCard } from './ReleaseAssetsCard.tsx';
import { ReleaseHeader } from './ReleaseHeader.tsx';
import { ReleaseImagesCard } from './ReleaseImagesCard.tsx';
import { ReleaseTagsCard } from './ReleaseTagsCard.tsx';
import { ReleaseTextField } from './ReleaseTextField.tsx';

/** Composition and build log: the YAML writer and the log view are their own chunk. */
const ReleaseBuildCards = lazy(() => import('./ReleaseBuildCards.tsx'));

/**
 * /fleets/$fleetId/releases/$releaseId/summary (fleets spec §2 "Release detail"): the header,
 * known issues and notes (autosaved 500 ms after typing), the assets tree, the docker-compose
 * view, the build log, the image table with its Dockerfile dialog, and the tags. Observer-only
 * users see the header, known issues (if any), notes and assets, read only; the other parts'
 * reads are not even sent for them (§6 "Observer-only view").
 */
export function ReleaseSummaryPage() {
  const { t } = useTranslation('releaseDetail');
  const { fleetId, releaseId } = useReleaseIds();
  const query = useQuery(releaseSummaryQuery(fleetId, releaseId));
  usePageTitle(query.data ? t('pageTitle', { version: query.data.raw_version }) : null);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <QueryState query={query} what={t('what')}>
        {(release) => (release ? <ReleaseSummary release={release} fleetId={fleetId} /> : <Alert severity="info">{t('notFound')}</Alert>)}
      </QueryState>
    </Box>
  );
}

function ReleaseSummary({ release, fleetId }: { release: ReleaseSummary; fleetId: number }) {
  const access = useReleaseAccess(fleetId);
  const fleet = useQuery(fleetQuery(fleetId));
  return (
    <Stack spacing={2}>
      <ReleaseHeader release={release} />
      {access.roles === null ? <RolesPending state={access} /> : <ReleaseSections release={release} fleetId={fleetId} appName={fleet.data?.app_name ?? String(fleetId)} access={access} />}
    </Stack>
  );
}

function ReleaseSections({ release, fleetId, appName, access }: { release: ReleaseSummary; fleetId: number; appName: string; access: ReleaseAccess }) {
  const { t } = useTranslation('releaseDetail');
  const canEdit = access.canUpdate && !access.isObserverOnly;
  const hasKnownIssues = (release.known_issue_list ?? '').trim() !== '';
  return (
    <>
      {(hasKnownIssues || !access.isObserverOnly) && (
        <ReleaseTextField fleetId={fleetId} releaseId={release.id} field="known_issue_list" label={t('text.knownIssues')} emptyText={t('text.noKnownIssues')} value={release.known_issue_list} canEdit={canEdit} />
      )}
      <ReleaseTextField fleetId={fleetId} releaseId={release.id} field="note" label={t('text.notes')} emptyText={t('text.noNotes')} value={release.note} canEdit={canEdit} />
      <ReleaseAssetsCard assets={release.release_asset} />
      {!access.isObserverOnly && (
        <>
          <Suspense fallback={<LoadingState />}>
            <ReleaseBuildCards releaseId={release.id} appName={appName} version={release.raw_version} />
          </Suspense>
          <ReleaseImagesCard release={release} appName={appName} />
          <ReleaseTagsCard releaseId={release.id} scope={access.scope} />
        </>
      )}
      {access.isObserverOnly && (
        <Typography variant="body2" color="text.secondary">
          {t('settings.readOnly')}
        </Typography>
      )}
    </>
  );
}
