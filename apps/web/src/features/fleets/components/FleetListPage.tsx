import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetListQuery } from '../api/fleets.queries.ts';
import { filterFleets } from '../fleet-filter.ts';
import { CreateFleetDialog } from './CreateFleetDialog.tsx';
import { FleetTable } from './FleetTable.tsx';

/** /fleets: the user's fleets as a filterable table, refetched every 8 s (fleets spec §9). */
export function FleetListPage() {
  const { t } = useTranslation('fleets');
  usePageTitle(t('list.pageTitle'));
  const fleets = useQuery(fleetListQuery);
  const [filter, setFilter] = useState('');
  const [isCreateOpen, setCreateOpen] = useState(false);
  const visible = useMemo(() => filterFleets(fleets.data ?? [], filter), [fleets.data, filter]);
  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
      {t('list.create')}
    </Button>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {fleets.data && fleets.data.length > 0 && (
          <TextField
            size="small"
            label={t('list.filter')}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        )}
        {createButton}
      </Box>
      {/* A failed load is an error with Retry, never "no fleets match" (it used to be). */}
      <QueryState
        query={fleets}
        what={t('list.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={createButton} />}
      >
        {() => (visible.length === 0 ? <EmptyState title={t('list.noMatch')} /> : <FleetTable fleets={visible} />)}
      </QueryState>
      {isCreateOpen && <CreateFleetDialog existingNames={(fleets.data ?? []).map((f) => f.app_name)} onClose={() => setCreateOpen(false)} />}
    </Box>
  );
}
