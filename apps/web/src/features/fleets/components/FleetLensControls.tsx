import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../../components/data-list/list-search.ts';
import { FLEET_LIST } from '../fleet-list.ts';
import type { FleetLens } from '../fleet-lens.ts';

/**
 * Table or grid (remembered per user), and in the grid, which has no column headers to click,
 * a "Sort by" choice over the same server-sortable fields.
 */
export function FleetLensControls(props: { lens: FleetLens; onLens: (lens: FleetLens) => void; sort: ListSort; onSort: (sort: ListSort) => void }) {
  const { lens, onLens, sort, onSort } = props;
  const { t } = useTranslation('fleets');
  const sortOptions = Object.keys(FLEET_LIST.fields).flatMap((field) => {
    const column = t(`list.columns.${field}`);
    return [
      { value: `${field}:asc`, label: t('list.sortAscending', { column }) },
      { value: `${field}:desc`, label: t('list.sortDescending', { column }) },
    ];
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {lens === 'grid' && (
        <TextField
          select
          size="small"
          label={t('list.sortBy')}
          value={`${sort.field}:${sort.direction}`}
          onChange={(e) => {
            const [field = FLEET_LIST.defaultSort.field, direction] = e.target.value.split(':');
            onSort({ field, direction: direction === 'desc' ? 'desc' : 'asc' });
          }}
          sx={{ minWidth: 220 }}
        >
          {sortOptions.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={lens}
        aria-label={t('list.lens')}
        onChange={(_e, next: FleetLens | null) => {
          if (next !== null) onLens(next);
        }}
      >
        <ToggleButton value="table" aria-label={t('list.lensTable')}>
          <ViewListIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="grid" aria-label={t('list.lensGrid')}>
          <GridViewIcon fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
