import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { listSearch } from '../../../components/data-list/list-search.ts';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetNamesQuery, fleetPageQuery } from '../api/fleets.queries.ts';
import { FLEET_LIST } from '../fleet-list.ts';
import { useFleetLens } from '../hooks/use-fleet-lens.ts';
import { FleetLensControls } from './FleetLensControls.tsx';
import { FleetTable } from './FleetTable.tsx';

const route = getRouteApi('/_app/$fleetClass');

// Its own chunk: the dialog (and the deploy flow's YAML parser it reaches) is not part of the
// list's first load (issue 16 W10, apps/web/bundle-budget.json).
const CreateFleetDialog = lazy(() => import('./CreateFleetDialog.tsx').then((m) => ({ default: m.CreateFleetDialog })));

/**
 * /fleets, /apps, /blocks: the user's applications of one class, one server page at a time, sorted and filtered by the server,
 * the state in the URL; the page on screen refetches every 8 s (fleets spec §9). A failed
 * load is an error with Retry, an empty account offers "Create fleet", and rules that match
 * nothing say so and offer to clear them. A table or a grid of cards, remembered per user.
 */
export function FleetListPage() {
  const { t } = useTranslation('fleets');
  const { applicationClass } = route.useRouteContext();
  const context = { context: applicationClass };
  usePageTitle(t('list.pageTitle', context));
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(FLEET_LIST, search, (next) => void navigate({ search: next }));
  const [isCreateOpen, setCreateOpen] = useState(false);
  // All the user's names, not the page's: the dialog's suggestion must avoid every one. Asked
  // for only when the dialog opens, so visiting /fleets does not read every fleet's name; if
  // it fails the dialog still opens (the server answers a taken name with 409).
  const names = useQuery({ ...fleetNamesQuery(applicationClass), enabled: isCreateOpen });
  const { data: actor } = useQuery(whoamiQuery);
  const userKey = actor ? `${actor.actorType}-${actor.actorTypeId}` : null;
  const [lens, setLens] = useFleetLens(userKey);
  // The cards count devices per status: asked only while the grid lens shows them.
  const fleets = useQuery(fleetPageQuery(applicationClass, state.params, lens === 'grid'));
  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
      {t('list.create', context)}
    </Button>
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title', context)}
        </Typography>
        {createButton}
        <FleetLensControls
          lens={lens}
          onLens={setLens}
          sort={state.params.sort}
          onSort={(sort) => void navigate({ search: listSearch({ ...state.params, sort, page: 1 }, FLEET_LIST) })}
        />
      </Box>
      <FleetTable
        lens={lens}
        state={state}
        query={fleets}
        userKey={userKey}
        applicationClass={applicationClass}
        empty={<EmptyState title={t('list.empty', context)} help={t('list.emptyHelp', context)} action={createButton} />}
      />
      {isCreateOpen && (names.data || names.isError) && (
        <Suspense fallback={null}>
          <CreateFleetDialog applicationClass={applicationClass} existingNames={names.data ?? []} onClose={() => setCreateOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
