import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applicationPath, type ApplicationClass } from '@flotilla/core/application-class';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList, type DataListProps } from '../../../components/data-list/DataList.tsx';
import type { FleetListItem } from '../api/fleets.queries.ts';
import { FLEET_LIST } from '../fleet-list.ts';
import type { FleetLens } from '../fleet-lens.ts';
import { FleetCards } from './FleetCards.tsx';

/**
 * The user's fleets in the product's list: columns by id (FLEET_LIST names their server
 * fields; "Online devices" is not one of them, so it neither sorts nor filters). The grid lens
 * shows the same page as cards. No batch action exists for fleets, so rows are not selectable.
 */
export function FleetTable(props: Pick<DataListProps<FleetListItem, number>, 'state' | 'query' | 'userKey'> & { empty: ReactNode; lens: FleetLens; applicationClass: ApplicationClass }) {
  const { lens, applicationClass, ...listProps } = props;
  const context = { context: applicationClass };
  const { t } = useTranslation('fleets');
  const columns: DataColumn<FleetListItem>[] = [
    {
      id: 'name',
      label: t('list.columns.name'),
      isHideable: false,
      minWidth: 160,
      render: (fleet) => (
        <Link component={RouterLink} to={applicationPath(fleet.is_of__class, fleet.id)}>
          {fleet.app_name}
        </Link>
      ),
    },
    { id: 'deviceType', label: t('list.columns.deviceType'), render: (fleet) => fleet.is_for__device_type[0]?.name ?? '—' },
    { id: 'organization', label: t('list.columns.organization'), render: (fleet) => fleet.organization[0]?.name ?? '—' },
    { id: 'devices', label: t('list.columns.devices'), render: (fleet) => fleet.owns__device },
    { id: 'online', label: t('list.columns.online'), render: (fleet) => fleet.onlineDevices },
    { id: 'release', label: t('list.columns.release'), render: (fleet) => fleet.should_be_running__release[0]?.raw_version ?? '—' },
  ];
  return (
    <DataList
      label={t('list.title', context)}
      what={t('list.what', context)}
      config={FLEET_LIST}
      columns={columns}
      getRowId={(fleet) => fleet.id}
      rowName={(fleet) => fleet.app_name}
      noMatchTitle={t('list.noMatch', context)}
      isSelectable={false}
      renderRows={lens === 'grid' ? (rows, shown) => <FleetCards label={t('list.title', context)} fleets={rows} columns={shown} /> : undefined}
      {...listProps}
    />
  );
}
