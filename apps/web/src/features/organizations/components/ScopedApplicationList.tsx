import '../organizations-catalog.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { applicationPath } from '@flotilla/core/application-class';
import { useTranslation } from 'react-i18next';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import type { ApplicationClass } from '../../../lib/model.ts';
import { useCan } from '../../../lib/permissions.ts';
import { scopedApplicationsQuery, type ApplicationScope, type ScopedApplication } from '../api/scoped-applications.queries.ts';

export type { ApplicationScope } from '../api/scoped-applications.queries.ts';

/** The scoped list's sortable, filterable fields (by column id), by name as the API answers. */
const SCOPED_APPLICATION_LIST: ClientListConfig = {
  tableId: 'scoped-applications',
  fields: {
    name: { kind: 'text', path: 'app_name' },
    deviceType: { kind: 'text', path: ['is_for__device_type', 'name'] },
    devices: { kind: 'number', path: 'owns__device' },
  },
  defaultSort: { field: 'name', direction: 'asc' },
};

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
  listMaxHeight,
}: {
  orgId: number;
  applicationClass: ApplicationClass;
  scope: ApplicationScope;
  headingLevel?: 'h1' | 'h2';
  /** The table scrolls past this height (a summary card's list). */
  listMaxHeight?: number;
}) {
  const { t } = useTranslation('organizations');
  const applications = useQuery(scopedApplicationsQuery(orgId, applicationClass, scope));
  const canManage = useCan('resin.application.create', { organizationId: orgId });
  const title = t(`applications.title.${applicationClass}`);
  const columns: DataColumn<ScopedApplication>[] = [
    {
      id: 'name',
      label: t('applications.columns.name'),
      isHideable: false,
      minWidth: 160,
      render: (app) => (
        <Link component={RouterLink} to={applicationPath(applicationClass, app.id)}>
          {app.app_name}
        </Link>
      ),
    },
    { id: 'deviceType', label: t('applications.columns.deviceType'), render: (app) => app.is_for__device_type[0]?.name ?? '—' },
    { id: 'devices', label: t('applications.columns.devices'), align: 'right', render: (app) => app.owns__device },
  ];
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
      <ClientDataList
        label={title}
        what={t(`applications.what.${applicationClass}`)}
        config={SCOPED_APPLICATION_LIST}
        columns={columns}
        query={applications}
        getRowId={(app) => app.id}
        rowName={(app) => app.app_name}
        empty={<EmptyState title={t(`applications.empty.${applicationClass}`)} />}
        noMatchTitle={t(`applications.noMatch.${applicationClass}`)}
        maxHeight={listMaxHeight}
      />
    </Box>
  );
}
