import '../organizations-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { organizationPageQuery } from '../api/organizations.queries.ts';
import { ORGANIZATION_LIST } from '../organization-list.ts';
import { CreateOrganizationDialog } from './CreateOrganizationDialog.tsx';
import { OrganizationTable } from './OrganizationTable.tsx';

const route = getRouteApi('/_app/orgs');

/**
 * /orgs (accounts spec §2): the user's organizations in the product's list (server paging, sort
 * and filter rules, the state in the URL), polled every 10 s.
 */
export function OrganizationListPage() {
  const { t } = useTranslation('organizations');
  usePageTitle(t('list.pageTitle'));
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(ORGANIZATION_LIST, search, (next) => void navigate({ search: next }));
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizations = useQuery({ ...organizationPageQuery(userId, state.params), enabled: userId > 0 });
  const roles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const [isCreateOpen, setCreateOpen] = useState(false);
  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
      {t('list.create')}
    </Button>
  );
  const roleLabel = (orgId: number) => {
    const role = roles.data?.get(orgId);
    return role ? t(`roles.${role}`, { defaultValue: role }) : '—';
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {createButton}
      </Box>
      <OrganizationTable
        state={state}
        query={organizations}
        userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
        roleLabel={roleLabel}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={createButton} />}
      />
      {isCreateOpen && <CreateOrganizationDialog onClose={() => setCreateOpen(false)} />}
    </Box>
  );
}
