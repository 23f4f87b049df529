import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList, type DataListProps } from '../../../components/data-list/DataList.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { OrganizationListItem } from '../api/organizations.queries.ts';
import { ORGANIZATION_LIST } from '../organization-list.ts';
import { OrganizationAvatar } from './OrganizationAvatar.tsx';

/**
 * The user's organizations in the product's list: name, handle and created sort and filter on
 * the server (ORGANIZATION_LIST); the user's role and the counts are shown as they come. No
 * selection (there is no batch action); a click anywhere on a row opens the summary.
 */
export function OrganizationTable({ roleLabel, ...props }: Pick<DataListProps<OrganizationListItem, number>, 'state' | 'query' | 'userKey'> & {
  empty: ReactNode;
  roleLabel: (orgId: number) => string;
}) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const columns: DataColumn<OrganizationListItem>[] = [
    {
      id: 'name',
      label: t('list.columns.name'),
      isHideable: false,
      minWidth: 180,
      render: (org) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <OrganizationAvatar name={org.name} logo={org.logo_image} />
          {/* The row's click would open the summary a second time. */}
          <Link component={RouterLink} to={`/orgs/${org.id}`} onClick={(event) => event.stopPropagation()}>
            {org.name}
          </Link>
        </Box>
      ),
    },
    { id: 'handle', label: t('list.columns.handle'), render: (org) => org.handle },
    { id: 'role', label: t('list.columns.role'), render: (org) => roleLabel(org.id) },
    { id: 'members', label: t('list.columns.members'), render: (org) => org.organization_membership },
    { id: 'fleets', label: t('list.columns.fleets'), render: (org) => org.application },
    { id: 'created', label: t('list.columns.created'), render: (org) => formatDate(org.created_at) },
  ];
  return (
    <DataList
      label={t('list.title')}
      what={t('list.what')}
      config={ORGANIZATION_LIST}
      columns={columns}
      getRowId={(org) => org.id}
      rowName={(org) => org.name}
      noMatchTitle={t('list.noMatch')}
      isSelectable={false}
      onRowClick={(org) => void navigate({ to: '/orgs/$orgId', params: { orgId: String(org.id) } })}
      {...props}
    />
  );
}
