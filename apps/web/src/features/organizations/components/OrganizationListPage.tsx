import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { formatDate } from '../../../lib/format.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { organizationListQuery } from '../api/organizations.queries.ts';
import { CreateOrganizationDialog } from './CreateOrganizationDialog.tsx';
import { OrganizationAvatar } from './OrganizationAvatar.tsx';

/** /orgs (accounts spec §2): the user's organizations, polled every 10 s, sorted by name. */
export function OrganizationListPage() {
  const { t } = useTranslation('organizations');
  usePageTitle(t('list.pageTitle'));
  const navigate = useNavigate();
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizations = useQuery({ ...organizationListQuery(userId), enabled: userId > 0 });
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
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {createButton}
      </Box>
      <QueryState
        query={organizations}
        what={t('list.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={createButton} />}
      >
        {(rows) => (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('list.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('list.columns.name')}</TableCell>
                  <TableCell>{t('list.columns.handle')}</TableCell>
                  <TableCell>{t('list.columns.role')}</TableCell>
                  <TableCell align="right">{t('list.columns.members')}</TableCell>
                  <TableCell align="right">{t('list.columns.fleets')}</TableCell>
                  <TableCell>{t('list.columns.created')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((org) => (
                  <TableRow
                    key={org.id}
                    hover
                    sx={{ cursor: 'pointer' }}
                    // The whole row opens the summary; the name link is the keyboard path.
                    onClick={() => void navigate({ to: '/orgs/$orgId', params: { orgId: String(org.id) } })}
                  >
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <OrganizationAvatar name={org.name} logo={org.logo_image} />
                        <Link component={RouterLink} to={`/orgs/${org.id}`} onClick={(event) => event.stopPropagation()}>
                          {org.name}
                        </Link>
                      </Box>
                    </TableCell>
                    <TableCell>{org.handle}</TableCell>
                    <TableCell>{roleLabel(org.id)}</TableCell>
                    <TableCell align="right">{org.organization_membership}</TableCell>
                    <TableCell align="right">{org.application}</TableCell>
                    <TableCell>{formatDate(org.created_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
      {isCreateOpen && <CreateOrganizationDialog onClose={() => setCreateOpen(false)} />}
    </Box>
  );
}
