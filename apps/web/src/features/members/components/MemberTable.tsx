import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList, type DataListProps } from '../../../components/data-list/DataList.tsx';
import { formatDate } from '../../../lib/format.ts';
import { memberRole, memberUsername, type MemberRow } from '../api/members.queries.ts';
import { MEMBER_LIST } from '../member-list.ts';

/**
 * The organization's members in the product's list: columns by id (MEMBER_LIST names the
 * server fields of username, role and joined); the tags cell opens the member's tags.
 */
export function MemberTable({ orgId, onEditTags, ...props }: Pick<DataListProps<MemberRow, number>, 'state' | 'query' | 'userKey' | 'batchActions'> & {
  orgId: number;
  empty: ReactNode;
  onEditTags: (row: MemberRow) => void;
}) {
  const { t } = useTranslation('members');
  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const columns: DataColumn<MemberRow>[] = [
    {
      id: 'username',
      label: t('list.columns.username'),
      isHideable: false,
      minWidth: 160,
      render: (row) => (
        <Link component={RouterLink} to={`/orgs/${orgId}/members/${row.id}`}>
          {memberUsername(row)}
        </Link>
      ),
    },
    { id: 'role', label: t('list.columns.role'), optionLabel: roleLabel, render: (row) => (memberRole(row) ? roleLabel(memberRole(row)) : '—') },
    {
      id: 'seatRole',
      label: t('list.columns.seatRole'),
      render: (row) => (row.effective_seat_role ? t(`seatRoles.${row.effective_seat_role}`, { defaultValue: row.effective_seat_role }) : '—'),
    },
    {
      id: 'tags',
      label: t('list.columns.tags'),
      render: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
          {row.organization_membership_tag.map((tag) => (
            <Chip key={tag.id} size="small" label={tag.value ? `${tag.tag_key}: ${tag.value}` : tag.tag_key} />
          ))}
          <IconButton size="small" aria-label={t('tags.open', { username: memberUsername(row) })} onClick={() => onEditTags(row)}>
            <LocalOfferIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
    { id: 'joined', label: t('list.columns.joined'), render: (row) => formatDate(row.created_at) },
  ];
  return (
    <DataList
      label={t('list.tableLabel')}
      what={t('list.what')}
      config={MEMBER_LIST}
      columns={columns}
      getRowId={(row) => row.id}
      rowName={memberUsername}
      noMatchTitle={t('list.noMatch')}
      {...props}
    />
  );
}
