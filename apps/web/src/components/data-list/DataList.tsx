import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { isSortableField } from '@flotilla/core/list-filter';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../states/EmptyState.tsx';
import { QueryState } from '../states/QueryState.tsx';
import type { ODataPage } from '../../lib/odata.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import type { DataColumn } from './columns.ts';
import { DataTable } from './DataTable.tsx';
import { FilterBar } from './FilterBar.tsx';
import type { FilterField } from './filter-fields.ts';
import type { ListConfig } from './list-search.ts';
import { ListPagination } from './ListPagination.tsx';
import { useColumnChoice } from './use-column-choice.ts';
import type { useListState } from './use-list-state.ts';
import { useRowSelection } from './use-row-selection.ts';
import { focusIfLost } from '../../lib/focus-parking.ts';

export interface DataListProps<Row, Id extends string | number> {
  /** Names the table (its accessible name). */
  label: string;
  /** Names what is loaded, for the error ("the devices"). */
  what: string;
  config: ListConfig;
  columns: readonly DataColumn<Row>[];
  state: ReturnType<typeof useListState>;
  query: Pick<UseQueryResult<ODataPage<Row>>, 'data' | 'error' | 'isPlaceholderData'> & { refetch: () => Promise<unknown> };
  getRowId: (row: Row) => Id;
  rowName: (row: Row) => string;
  /** Whose column choice to remember (the user id); null until known. */
  userKey: string | null;
  /** The scope has no rows at all: the empty state with the action that fills it. */
  empty: ReactNode;
  /** Title of the state shown when the rules match nothing (it offers to clear them). */
  noMatchTitle: string;
  /** Batch actions for the selected rows, rendered next to the selection count. */
  batchActions?: (selected: ReadonlySet<Id>, clearSelection: () => void) => ReactNode;
  /** False hides the selection checkboxes (a list without batch actions for this user). Default true. */
  isSelectable?: boolean;
  /** Opens a row from a click anywhere on it; a link in the row stays the keyboard path. */
  onRowClick?: (row: Row) => void;
  /**
   * Renders the page's rows another way than the table (a grid lens of cards), with the columns
   * the user shows; the filters, column choice, pager and states stay the list's.
   */
  renderRows?: (rows: readonly Row[], columns: readonly DataColumn<Row>[]) => ReactNode;
  /** False while renderRows shows no columns (the device map): no "Columns" chooser. Default true. */
  showsColumns?: boolean;
  /** False for a short list whose rows are all loaded (ClientDataList): no pager. Default true. */
  isPaged?: boolean;
  /** The table's scroll height (a summary card's list scrolls sooner). Default: the viewport less the page's chrome. */
  maxHeight?: number | string;
  /** DataTable `recycleRows`: for a list whose cells hold no state of their own (the device list's 10 000-row pages). */
  recycleRows?: boolean;
}

/**
 * The one list of the product: filter rules, column choice, selection with batch actions, a
 * virtualized server-paged table and its pager, all state in the URL (useListState). Loading,
 * error, forbidden, empty and "no match" go through QueryState; while the next page loads the
 * previous one stays, under a progress bar.
 */
export function DataList<Row, Id extends string | number>(props: DataListProps<Row, Id>) {
  const { label, what, config, columns, state, query, getRowId, rowName, userKey, empty, noMatchTitle, batchActions, isSelectable = true, onRowClick, renderRows, showsColumns = true, isPaged = true, maxHeight, recycleRows } = props;
  const { t } = useTranslation('dataList');
  const { params } = state;
  const { hidden, toggle } = useColumnChoice(config.tableId, userKey, columns);
  const selection = useRowSelection<Id>(JSON.stringify(params.filters));
  const visible = columns.filter((c) => !hidden.includes(c.id));
  const filterFields: FilterField[] = columns.flatMap((c) => {
    const field = config.fields[c.id];
    return field ? [{ id: c.id, label: c.label, field, optionLabel: c.optionLabel }] : [];
  });
  const total = query.data?.total;
  // The selection's checkboxes are the table's: another lens (the device map) shows neither the
  // count nor its actions, which would act on rows the user cannot see marked. It is set aside,
  // not cleared: back in the table the same rows are checked.
  const isSelectionShown = renderRows === undefined && selection.selected.size > 0;
  const root = useRef<HTMLDivElement>(null);
  // A control that goes with focus in it (a row action that removed its row: revoke, delete; the
  // selection bar after Clear selection or a batch action) leaves focus on the body,
  // before or after its dialog has closed and tried to give focus back to it:
  // focus then goes to the table, or the list's first control when the list is now empty. The
  // control stays remembered while focus is in a dialog it opened.
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target && root.current?.contains(target)) lastFocused.current = target;
      else if (!target?.closest('[role="dialog"]')) lastFocused.current = null;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  useEffect(() => {
    if (!lastFocused.current || lastFocused.current.isConnected) return;
    // After the whole commit's effects: a page that knows a better place (the variables table's
    // Undo in the row whose Delete went) puts focus there first, and this is only the fallback.
    queueMicrotask(() => {
      if (!lastFocused.current || lastFocused.current.isConnected) return;
      const list = root.current;
      const isRestored = focusIfLost(list?.querySelector<HTMLElement>('[role="region"][tabindex]') ?? list?.querySelector<HTMLElement>('button:not([disabled])') ?? null);
      // Kept while a dialog still holds focus: it gives focus back when it closes.
      if (isRestored || !document.activeElement?.closest('[role="dialog"]')) lastFocused.current = null;
    });
  });

  return (
    <Paper ref={root} variant="outlined" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5 }}>
        <FilterBar fields={filterFields} rules={params.filters} onChange={state.setFilters} />
        <Box sx={{ flexGrow: 1 }} />
        {isSelectionShown && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" role="status" data-testid="selection-count">
              {t('selected', { count: selection.selected.size })}
            </Typography>
            {batchActions?.(selection.selected, selection.clear)}
            <Button size="small" onClick={selection.clear}>
              {t('clearSelection')}
            </Button>
          </Box>
        )}
        {total !== undefined && (
          <Typography variant="body2" color="text.secondary" data-testid="list-total">
            {t('total', { count: total, formatted: total.toLocaleString('en') })}
          </Typography>
        )}
        {showsColumns && <ColumnChooser columns={columns} hidden={hidden} onToggle={toggle} />}
      </Box>
      <Box sx={{ height: 4 }}>{query.isPlaceholderData && <LinearProgress aria-label={t('loadingPage')} />}</Box>
      <QueryState
        query={query}
        what={what}
        loadingRows={8}
        isEmpty={(page) => page.total === 0}
        empty={
          query.data?.isScopeEmpty !== false ? (
            empty
          ) : (
            <EmptyState
              title={noMatchTitle}
              action={
                <Button variant="outlined" onClick={() => state.setFilters([])}>
                  {t('filters.clear')}
                </Button>
              }
            />
          )
        }
      >
        {(page) => (
          <>
            {renderRows ? (
              renderRows(page.rows, visible)
            ) : (
              <DataTable
                label={label}
                columns={visible}
                rows={page.rows}
                getRowId={getRowId}
                rowOffset={isPaged ? (page.offset ?? 0) : 0}
                totalRows={page.total}
                isSortable={(id) => isSortableField(config.fields[id])}
                sort={params.sort}
                onSort={state.toggleSort}
                selection={isSelectable ? { selected: selection.selected, onToggle: selection.toggle, onSetMany: selection.setMany, rowName } : undefined}
                onRowClick={onRowClick}
                maxHeight={maxHeight}
                recycleRows={recycleRows}
              />
            )}
            {isPaged && (
              <ListPagination
                total={page.total}
                page={params.page}
                pageSize={params.pageSize}
                pageSizes={config.pageSizes}
                onPage={state.setPage}
                onPageSize={state.setPageSize}
              />
            )}
          </>
        )}
      </QueryState>
    </Paper>
  );
}
