import '../releases-catalog.ts';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/data-list/ListPagination.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetReleasePageQuery } from '../api/releases.queries.ts';
import { RELEASE_LIST_POLL_MS, RELEASE_PAGE_SIZE, RELEASE_SEARCH_DEBOUNCE_MS, releaseListParams, type ReleaseListSearch } from '../release-list.ts';
import { AddReleaseDialog } from './AddReleaseDialog.tsx';
import { ReleaseTable } from './ReleaseTable.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/releases');
const PAGE_SIZES = [RELEASE_PAGE_SIZE];

/** A clock that ticks with the list's polling, so a silent build turns "timed out" on screen. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * /fleets|apps|blocks/$fleetId/releases (fleets spec §2 "Releases list and add-release dialog"):
 * the fleet's successful and running releases, newest first, a server page of 50 at a time,
 * searched on version or tag (the search settles before it is sent and lives in the URL),
 * polled every 6 s. Loading, error with Retry, forbidden, empty (with the add-release action)
 * and "no match" are the list's states. Developers and administrators get the add-release
 * dialog (resin.release.create).
 */
export function ReleaseListPage() {
  const { t } = useTranslation('releases');
  const { fleetId } = route.useRouteContext();
  const { fleetClass } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = releaseListParams(search);
  const fleet = useQuery(fleetQuery(fleetId));
  const releases = useQuery(fleetReleasePageQuery(fleetId, params));
  const canCreate = useCan('resin.release.create', { organizationId: fleet.data?.organization[0]?.id, fleetId });
  const [isAdding, setIsAdding] = useState(false);
  const [text, setText] = useState(params.q);
  const now = useNow(RELEASE_LIST_POLL_MS);
  usePageTitle(fleet.data ? t('list.pageTitle', { name: fleet.data.app_name }) : null);

  const go = (next: ReleaseListSearch, replace = false) => void navigate({ search: next, replace });
  // The typed search settles, then goes to the URL (page 1); the URL changing elsewhere (back, a link) comes back into the box.
  useEffect(() => {
    const q = text.trim();
    if (q === params.q) return;
    const timer = setTimeout(() => go(q ? { q } : {}, true), RELEASE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `go` is a new function each render; the search is what matters
  }, [text, params.q]);
  const [syncedQ, setSyncedQ] = useState(params.q);
  if (syncedQ !== params.q) {
    setSyncedQ(params.q);
    if (text.trim() !== params.q) setText(params.q);
  }

  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
      {t('add.button')}
    </Button>
  );
  const total = releases.data?.total;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {addButton}
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5 }}>
          <TextField
            type="search"
            size="small"
            label={t('list.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <Box sx={{ flexGrow: 1 }} />
          {total !== undefined && (
            <Typography variant="body2" color="text.secondary" data-testid="list-total">
              {t('list.total', { count: total, formatted: total.toLocaleString('en') })}
            </Typography>
          )}
        </Box>
        <Box sx={{ height: 4 }}>{releases.isPlaceholderData && <LinearProgress aria-label={t('list.loadingPage')} />}</Box>
        <QueryState
          query={releases}
          what={t('list.what')}
          loadingRows={8}
          isEmpty={(page) => page.total === 0}
          empty={
            releases.data?.isScopeEmpty !== false ? (
              <EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={addButton || undefined} />
            ) : (
              <EmptyState
                title={t('list.noMatch', { q: params.q })}
                action={
                  <Button variant="outlined" onClick={() => setText('')}>
                    {t('list.clearSearch')}
                  </Button>
                }
              />
            )
          }
        >
          {(page) => (
            <>
              <ReleaseTable fleetClass={fleetClass} fleet={fleet.data} rows={page.rows} rowOffset={page.offset ?? 0} total={page.total} now={now} />
              <ListPagination
                total={page.total}
                page={params.page}
                pageSize={RELEASE_PAGE_SIZE}
                pageSizes={PAGE_SIZES}
                onPage={(next) => go({ ...search, page: next > 1 ? next : undefined })}
                onPageSize={() => undefined}
              />
            </>
          )}
        </QueryState>
      </Paper>
      {fleet.data && <AddReleaseDialog open={isAdding} onClose={() => setIsAdding(false)} fleetSlug={fleet.data.slug} />}
    </Box>
  );
}
