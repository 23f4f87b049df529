import type { ReactNode } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CLOUDLINK_DISPLAY, cloudlinkState, HEARTBEAT_DISPLAY, isOverallStatus, overallStatusDisplay, type HeartbeatState } from '@flotilla/core/device-status';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList, type DataListProps } from '../../../components/data-list/DataList.tsx';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { formatRelative } from '../../../lib/format.ts';
import type { DeviceRow } from '../api/devices.queries.ts';
import { DEVICE_LIST, DEVICE_TAG_CHIPS } from '../device-list.ts';
import { releaseLabel } from '../release-label.ts';
import { TagChips } from '../../../components/tags/TagChips.tsx';
import { UpdateProgress } from '../../device-services/components/UpdateProgress.tsx';

const isHeartbeatState = (v: string): v is HeartbeatState => v in HEARTBEAT_DISPLAY;

/** The fleet's devices in the product's list: columns by id (DEVICE_LIST names their server fields). */
export function DeviceTable(props: Pick<DataListProps<DeviceRow, number>, 'state' | 'query' | 'userKey' | 'batchActions' | 'renderRows' | 'showsColumns'> & { empty: ReactNode }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const statusLabel = (s: string) => tc(`status.overall.${s}`, { defaultValue: overallStatusDisplay(s).label });
  // A cloudlink rule's value (`true`/`false`) in the words of the indicator (fleets spec §4).
  const cloudlinkLabel = (v: string) => t(v === 'true' ? 'summary.cloudlinkConnected' : 'summary.cloudlinkDisconnected');
  const heartbeatLabel = (s: string) => (isHeartbeatState(s) ? tc(`status.heartbeat.${s}`, { defaultValue: HEARTBEAT_DISPLAY[s].label }) : s);
  const columns: DataColumn<DeviceRow>[] = [
    {
      id: 'name',
      label: t('list.columns.name'),
      isHideable: false,
      minWidth: 160,
      render: (d) => (
        // A plain router link (styled by DataTable, no MUI Link + Typography per row: first-frame
        // cost); a long name is cut with an ellipsis (DataTable's data-truncate), whole in its title.
        <RouterLink to="/devices/$uuid" params={{ uuid: d.uuid }} data-truncate="" title={d.device_name}>
          {d.device_name}
        </RouterLink>
      ),
    },
    {
      id: 'status',
      label: t('list.columns.status'),
      optionLabel: statusLabel,
      // An updating device shows how far its download is (overall_progress), as a bar and percent.
      render: (d) => (
        <>
          <StatusDot color={overallStatusDisplay(d.overall_status).color} label={isOverallStatus(d.overall_status) ? statusLabel(d.overall_status) : d.overall_status} />{' '}
          <UpdateProgress device={d} inline />
        </>
      ),
    },
    {
      // The device link (is_connected_to_vpn): what supervisor actions need, so a reboot shows here
      // as Disconnected and back. Filtered as "is connected" / "is not connected".
      id: 'cloudlink',
      label: t('summary.cloudlink'),
      optionLabel: cloudlinkLabel,
      render: (d) => {
        const state = cloudlinkState(d.is_connected_to_vpn);
        return <StatusDot color={CLOUDLINK_DISPLAY[state].color} label={t(state === 'connected' ? 'summary.cloudlinkConnected' : 'summary.cloudlinkDisconnected')} />;
      },
    },
    {
      id: 'heartbeat',
      label: t('list.columns.heartbeat'),
      isHiddenByDefault: true,
      optionLabel: heartbeatLabel,
      render: (d) => <StatusDot color={HEARTBEAT_DISPLAY[d.api_heartbeat_state].color} label={heartbeatLabel(d.api_heartbeat_state)} />,
    },
    { id: 'uuid', label: t('list.columns.uuid'), render: (d) => <code>{d.uuid.slice(0, 7)}</code> },
    { id: 'deviceType', label: t('list.columns.deviceType'), render: (d) => d.is_of__device_type[0]?.name ?? '—' },
    { id: 'os', label: t('list.columns.os'), render: (d) => d.os_version ?? '—' },
    { id: 'osVariant', label: t('list.columns.osVariant'), isHiddenByDefault: true, render: (d) => d.os_variant ?? '—' },
    { id: 'supervisor', label: t('list.columns.supervisor'), isHiddenByDefault: true, render: (d) => d.supervisor_version ?? '—' },
    { id: 'release', label: t('list.columns.release'), render: (d) => releaseLabel(d.is_running__release[0]) ?? '—' },
    { id: 'ip', label: t('list.columns.ip'), render: (d) => d.ip_address ?? '—' },
    { id: 'publicIp', label: t('list.columns.publicIp'), isHiddenByDefault: true, render: (d) => d.public_address ?? '—' },
    { id: 'mac', label: t('list.columns.mac'), isHiddenByDefault: true, render: (d) => d.mac_address ?? '—' },
    { id: 'lastSeen', label: t('list.columns.lastSeen'), render: (d) => formatRelative(d.last_connectivity_event) },
    { id: 'tags', label: t('list.columns.tags'), isHiddenByDefault: true, render: (d) => <TagChips tags={d.device_tag} max={DEVICE_TAG_CHIPS} label={t('list.tagsOf')} moreText={t('list.tagsMore')} /> },
  ];
  return (
    <DataList
      label={t('list.title')}
      what={t('list.what')}
      config={DEVICE_LIST}
      columns={columns}
      getRowId={(d) => d.id}
      rowName={(d) => d.device_name}
      noMatchTitle={t('list.noMatch')}
      // Every cell is stateless (text, a router link, status dots, chips): rows can be reused while scrolling 10 000 of them.
      recycleRows
      {...props}
    />
  );
}
