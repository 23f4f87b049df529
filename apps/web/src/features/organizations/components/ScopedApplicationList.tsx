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
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { applicationPath } from '@flotilla/core/application-class';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import type { ApplicationClass } from '../../../lib/model.ts';
import { useCan } from '../../../lib/permissions.ts';
import { scopedApplicationsQuery, type ApplicationScope } from '../api/scoped-applications.queries.ts';

export type { ApplicationScope } from '../api/scoped-applications.queries.ts';

/**
 * The fleets, apps or blocks of an organization, of one member or of one team (accounts spec
 * §2: /orgs/{orgId}/fleets|apps|blocks and the member- and team-scoped pages reuse this). The
 * "Manage fleets" link needs resin.application.create in the organization. `headingLevel` is
 * h1 when the list is the page itself (/orgs/{orgId}/fleets), h2 under a member's or team's h1.
 */
export function ScopedApplicationList({
  orgId,
  applicationClass,
  scope,
  headingLevel = 'h2',
}: {
  orgId: number;
  applicationClass: ApplicationClass;
  scope: ApplicationScope;
  headingLevel?: 'h1' | 'h2';
}) {
  const { t } = useTranslation('organizations');
  const applications = useQuery(scopedApplicationsQuery(orgId, applicationClass, scope));
  const canManage = useCan('resin.application.create', { organizationId: orgId });
  const title = t(`applications.title.${applicationClass}`);
  const manageLink = canManage ? (
    <Button component={RouterLink} to="/fleets" variant="outlined">
      {t(`applications.manage.${applicationClass}`)}
    </Button>
  ) : null;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant={headingLevel === 'h1' ? 'h5' : 'h6'} component={headingLevel} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {manageLink}
      </Box>
      <QueryState
        query={applications}
        what={t(`applications.what.${applicationClass}`)}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t(`applications.empty.${applicationClass}`)} />}
      >
        {(rows) => (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('applications.columns.name')}</TableCell>
                  <TableCell>{t('applications.columns.deviceType')}</TableCell>
                  <TableCell align="right">{t('applications.columns.devices')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((app) => (
                  <TableRow key={app.id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={applicationPath(applicationClass, app.id)}>
                        {app.app_name}
                      </Link>
                    </TableCell>
                    <TableCell>{app.is_for__device_type[0]?.name ?? '—'}</TableCell>
                    <TableCell align="right">{app.owns__device}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
    </Box>
  );
}
