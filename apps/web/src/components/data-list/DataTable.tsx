import { memo, useEffect, useLayoutEffect, useMemo, useRef, type InputHTMLAttributes, type PointerEvent, type ReactNode } from 'react';
import { alpha, lighten, type CSSObject, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './columns.ts';
import type { ListSort } from './list-search.ts';

/**
 * A small table row: 6px padding twice, one line of body2 (14px × 1.43), the 1px border: 33px.
 * Rows are positioned from this height, not measured as they mount: no row can change the
 * virtualizer's sizes after the first page's commit and render the table again. (The first
 * layout itself is still forced during that commit, by the virtualizer reading its scroll
 * container's size.) A taller row (chips) only makes the scroll height an estimate; rows stay
 * contiguous, with no gaps, because they are rendered in order between the two spacer rows.
 */
const ROW_HEIGHT_ESTIMATE = 33;
/** Rows rendered above and below the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN = 4;

/**
 * The body's rows and cells are plain `<tr>`/`<td>` styled once here, on the table, instead of
 * an MUI TableRow/TableCell/Checkbox each: on a 100 000-device fleet's first page every MUI
 * instance cost its own emotion style resolution in the one long frame that renders the page
 * (bench/README.md "device-list-browser"). These rules are what TableCell size="small",
 * TableRow hover/selected and a small checkbox cell look like.
 */
function bodyStyles(theme: Theme): CSSObject {
  const { fontFamily, fontSize, fontWeight, lineHeight, letterSpacing } = theme.typography.body2;
  return {
    '& td, & th': { whiteSpace: 'nowrap' },
    '& tbody > tr': { color: 'inherit', verticalAlign: 'middle', outline: 0 },
    '& tbody > tr[data-clickable]': { cursor: 'pointer' },
    '& tbody > tr:not([aria-hidden]):hover': { backgroundColor: theme.palette.action.hover },
    '& tbody > tr[data-selected]': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
    '& tbody > tr[data-selected]:hover': {
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
    },
    '& tbody td': {
      fontFamily,
      fontSize,
      fontWeight,
      lineHeight,
      letterSpacing,
      color: theme.palette.text.primary,
      textAlign: 'left',
      padding: '6px 16px',
      borderBottom: `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
    },
    '& tbody td[data-align="right"]': { textAlign: 'right' },
    '& tbody td[data-spacer]': { padding: 0, border: 0 },
    '& td[data-checkbox], & th[data-checkbox]': { padding: '0 0 0 4px', width: 48 },
    // A native checkbox (keyboard, label and states for free), as large as MUI's small one's icon.
    '& input[type="checkbox"]': { width: 18, height: 18, margin: '3px 11px', accentColor: theme.palette.primary.main, cursor: 'pointer', verticalAlign: 'middle' },
    // A cell's long text (a 300-character device name) cut with an ellipsis, so one column never
    // pushes the others out; the element carries the whole text in its `title`.
    '& tbody [data-truncate]': { display: 'inline-block', maxWidth: 'min(320px, 60vw)', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' },
    // Any other text cell is cut the same way (its padding added, so a data-truncate element fits
    // it whole): a long description or tag value would otherwise widen its column until the row's
    // actions lie beyond the table's edge, even at 1440 px. The whole text shows on hover
    // (titleIfCut). Right-aligned cells (counts, actions) are never cut.
    '& tbody td:not([data-align="right"]):not([data-checkbox]):not([data-spacer])': { maxWidth: 'calc(min(320px, 60vw) + 32px)', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& tbody a': {
      color: theme.palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: alpha(theme.palette.primary.main, 0.4),
      borderRadius: 2,
      '&:hover': { textDecorationColor: 'inherit' },
    },
  };
}

/** A native checkbox; `indeterminate` is a DOM property only, set after render. */
function RowCheckbox({ indeterminate = false, ...props }: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" {...props} />;
}

export interface DataTableProps<Row, Id extends string | number> {
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => Id;
  /** Rows before this page and rows of the whole list: aria-rowindex/aria-rowcount count the whole list. */
  rowOffset: number;
  totalRows: number;
  isSortable: (columnId: string) => boolean;
  sort: ListSort;
  onSort: (columnId: string) => void;
  selection?: { selected: ReadonlySet<Id>; onToggle: (id: Id) => void; onSetMany: (ids: Id[], isSelected: boolean) => void; rowName: (row: Row) => string };
  /** A click anywhere on a row opens it (pointer convenience; the row's link is the keyboard path). */
  onRowClick?: (row: Row) => void;
  /** The scroll container's maximum height. */
  maxHeight?: number | string;
  /**
   * Rows keyed by their place among the rendered rows instead of by id: a row scrolled out is
   * reused for the row scrolled in (its cells updated, not unmounted and made again), as a
   * hand-written virtual list does. For cells that keep no state of their own: a component's
   * state would stay with the place, not the row. Focus inside a reused row is dropped, as it
   * is when a row keyed by id unmounts (bench/README.md "device-list-scroll").
   */
  recycleRows?: boolean;
}

/**
 * The product's table: a semantic `<table>` whose body is virtualized (only the rows in view,
 * plus a few, are in the DOM; spacer rows keep the scroll height), so a page of 10 000 rows
 * stays light. It scrolls inside its own container, both ways, never the page. Sorting is the
 * server's (`onSort`); the header cell carries `aria-sort`.
 */
export function DataTable<Row, Id extends string | number>(props: DataTableProps<Row, Id>) {
  const { label, columns, rows, getRowId, rowOffset, totalRows, isSortable, sort, onSort, selection, onRowClick, maxHeight = 'max(320px, calc(100dvh - 300px))', recycleRows = false } = props;
  const { t } = useTranslation('dataList');
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: OVERSCAN,
    // Render the first rows before the container is measured (first paint, tests).
    initialRect: { width: 1200, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const colSpan = columns.length + (selection ? 1 : 0);

  // Memoized: the virtualizer renders the table again in every scrolled frame, with the same rows.
  const pageIds = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  const selectedOnPage = useMemo(() => (selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0), [pageIds, selection]);

  // recycleRows: the row that held focus (its aria-rowindex); when its element now shows another row, focus leaves it.
  const focusedRow = useRef<string | null>(null);
  useLayoutEffect(() => {
    const active = recycleRows ? document.activeElement : null;
    const row = active?.closest('tbody tr');
    if (row && scrollRef.current?.contains(row) && row.getAttribute('aria-rowindex') !== focusedRow.current && active instanceof HTMLElement) active.blur();
  });

  return (
    <TableContainer
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={label}
      onFocus={(e) => void (focusedRow.current = e.target.closest('tbody tr')?.getAttribute('aria-rowindex') ?? null)}
      sx={{ maxHeight, overflow: 'auto', overscrollBehavior: 'contain' }}
    >
      <Table size="small" stickyHeader aria-label={label} aria-rowcount={totalRows + 1} sx={bodyStyles}>
        <DataTableHead columns={columns} isSortable={isSortable} sort={sort} onSort={onSort} selection={selection} pageIds={pageIds} selectedOnPage={selectedOnPage} />
        <TableBody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={colSpan} data-spacer="" style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const id = getRowId(row);
            return (
              <DataTableRow
                key={recycleRows ? item.index % items.length : id}
                row={row}
                id={id}
                rowIndex={rowOffset + item.index + 2}
                columns={columns}
                isSelected={selection?.selected.has(id) ?? false}
                selection={selection}
                checkboxLabel={selection ? t('selectRow', { name: selection.rowName(row) }) : ''}
                onRowClick={onRowClick}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={colSpan} data-spacer="" style={{ height: paddingBottom }} />
            </tr>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type HeadProps<Row, Id extends string | number> = Pick<DataTableProps<Row, Id>, 'columns' | 'isSortable' | 'sort' | 'onSort' | 'selection'> & { pageIds: Id[]; selectedOnPage: number };

/** The header row: memoized, so scrolling (which renders the body again each frame) leaves its MUI cells alone. */
const DataTableHead = memo(function DataTableHead<Row, Id extends string | number>({ columns, isSortable, sort, onSort, selection, pageIds, selectedOnPage }: HeadProps<Row, Id>) {
  const { t } = useTranslation('dataList');
  return (
    <TableHead>
      <TableRow aria-rowindex={1}>
        {selection && (
          <TableCell padding="checkbox" data-checkbox="">
            <RowCheckbox
              indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
              checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
              onChange={(e) => selection.onSetMany(pageIds, e.target.checked)}
              aria-label={t('selectAll')}
            />
          </TableCell>
        )}
        {columns.map((c) => {
          const isActive = sort.field === c.id;
          return (
            <TableCell key={c.id} align={c.align} sortDirection={isActive ? sort.direction : false} sx={{ minWidth: c.minWidth }}>
              {isSortable(c.id) ? (
                <TableSortLabel active={isActive} direction={isActive ? sort.direction : 'asc'} onClick={() => onSort(c.id)}>
                  {c.label}
                </TableSortLabel>
              ) : (
                c.label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}) as <Row, Id extends string | number>(props: HeadProps<Row, Id>) => ReactNode;

interface RowProps<Row, Id extends string | number> extends Pick<DataTableProps<Row, Id>, 'columns' | 'selection' | 'onRowClick'> {
  row: Row;
  id: Id;
  rowIndex: number;
  isSelected: boolean;
  /** Translated here by the table: a `useTranslation` per mounted row costs an i18n wrapper each. */
  checkboxLabel: string;
}

/**
 * A cell cut with an ellipsis shows its whole text on hover: its title, set as the pointer comes
 * (a cell that fits gets none, so nothing repeats what it shows, and no row measures as it renders).
 */
function titleIfCut(event: PointerEvent<HTMLTableCellElement>): void {
  const cell = event.currentTarget;
  if (cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
  else cell.removeAttribute('title');
}

/**
 * One body row, memoized: a scrolled frame renders only the rows that came into view (the
 * others' props are the same objects). The checkbox is a plain input (no effect per row: only
 * the select-all is ever indeterminate).
 */
const DataTableRow = memo(function DataTableRow<Row, Id extends string | number>({ row, id, rowIndex, columns, isSelected, selection, onRowClick, checkboxLabel }: RowProps<Row, Id>) {
  return (
    <tr aria-rowindex={rowIndex} data-selected={isSelected ? '' : undefined} data-clickable={onRowClick ? '' : undefined} onClick={onRowClick ? () => onRowClick(row) : undefined}>
      {selection && (
        <td data-checkbox="">
          <input type="checkbox" checked={isSelected} onChange={() => selection.onToggle(id)} aria-label={checkboxLabel} />
        </td>
      )}
      {columns.map((c) => (
        <td key={c.id} data-align={c.align} onPointerEnter={c.align === 'right' ? undefined : titleIfCut}>
          {c.render(row)}
        </td>
      ))}
    </tr>
  );
}) as <Row, Id extends string | number>(props: RowProps<Row, Id>) => ReactNode;
