import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { memberRole, memberUsername, type MemberRow } from '../api/members.queries.ts';
import { MEMBER_PAGE_SIZE, type MemberSort, type MemberSortField } from '../member-rules.ts';

/** The members table: selectable rows, sortable username/role/joined, a fixed page size. */
export function MemberTable({ orgId, rows, total, page, sort, selected, onToggle, onToggleAll, onSort, onPage, onEditTags }: {
  orgId: number;
  rows: readonly MemberRow[];
  total: number;
  page: number;
  sort: MemberSort;
  selected: ReadonlySet<number>;
  onToggle: (row: MemberRow) => void;
  onToggleAll: (checked: boolean) => void;
  onSort: (field: MemberSortField) => void;
  onPage: (page: number) => void;
  onEditTags: (row: MemberRow) => void;
}) {
  const { t } = useTranslation('members');
  const selectedOnPage = rows.filter((row) => selected.has(row.id)).length;
  const sortable = (field: MemberSortField, label: string) => (
    <TableCell sortDirection={sort.field === field ? sort.direction : false}>
      <TableSortLabel active={sort.field === field} direction={sort.field === field ? sort.direction : 'asc'} onClick={() => onSort(field)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('list.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  onChange={(event) => onToggleAll(event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                />
              </TableCell>
              {sortable('username', t('list.columns.username'))}
              {sortable('role', t('list.columns.role'))}
              <TableCell>{t('list.columns.seatRole')}</TableCell>
              <TableCell>{t('list.columns.tags')}</TableCell>
              {sortable('created', t('list.columns.joined'))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const username = memberUsername(row);
              const role = memberRole(row);
              return (
                <TableRow key={row.id} hover selected={selected.has(row.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(row.id)}
                      onChange={() => onToggle(row)}
                      slotProps={{ input: { 'aria-label': t('list.selectMember', { username }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/orgs/${orgId}/members/${row.id}`}>
                      {username}
                    </Link>
                  </TableCell>
                  <TableCell>{role ? t(`roles.${role}`, { defaultValue: role }) : '—'}</TableCell>
                  <TableCell>{row.effective_seat_role ? t(`seatRoles.${row.effective_seat_role}`, { defaultValue: row.effective_seat_role }) : '—'}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                      {row.organization_membership_tag.map((tag) => (
                        <Chip key={tag.id} size="small" label={tag.value ? `${tag.tag_key}: ${tag.value}` : tag.tag_key} />
                      ))}
                      <IconButton size="small" aria-label={t('tags.open', { username })} onClick={() => onEditTags(row)}>
                        <LocalOfferIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  </TableCell>
                  <TableCell>{formatDate(row.created_at)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {/*
        The pagination bar scrolls sideways on narrow screens (overflow: auto), and with one page
        its arrows are disabled: focusable and named, so a keyboard can scroll it (WCAG 2.1.1).
      */}
      <TablePagination
        component="div"
        role="group"
        aria-label={t('list.pagination')}
        tabIndex={0}
        count={total}
        page={page}
        rowsPerPage={MEMBER_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => onPage(next)}
      />
    </Paper>
  );
}
