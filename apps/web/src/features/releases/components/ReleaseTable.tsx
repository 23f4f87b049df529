import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { createLink, Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataTable } from '../../../components/data-list/DataTable.tsx';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import type { FleetWithSettings } from '../../fleets/api/fleets.queries.ts';
import type { ReleaseRow } from '../api/releases.queries.ts';
import { releaseTargetMarker } from '../release-display.ts';
import { devicesRunningSearch, RELEASE_TAG_CHIPS } from '../release-list.ts';
import { ReleaseStatusCell } from './ReleaseStatusCell.tsx';
import { TagChips } from '../../../components/tags/TagChips.tsx';

/** A typed router link that looks like the theme's links (to, params and search are checked). */
const TypedLink = createLink(Link);

/** The list is always newest first: the created column carries the sort (aria-sort), nothing re-sorts it. */
const SORT = { field: 'created', direction: 'desc' as const };

export interface ReleaseTableProps {
  fleetClass: string;
  fleet: FleetWithSettings | null | undefined;
  rows: readonly ReleaseRow[];
  rowOffset: number;
  total: number;
  /** The clock the build timeout is read against (ticks while the page is open). */
  now: number;
}

/**
 * One page of the fleet's releases: status, version (the link to the release), commit, when
 * and by whom, how many devices run it (a link to the fleet's devices filtered by it; apps and
 * blocks have no device list), tags, final or draft, and the fleet's target marker.
 */
export function ReleaseTable({ fleetClass, fleet, rows, rowOffset, total, now }: ReleaseTableProps) {
  const { t } = useTranslation('releases');
  const base = fleet ? `/${fleetClass}/${fleet.id}` : null;
  const columns: DataColumn<ReleaseRow>[] = [
    { id: 'status', label: t('list.columns.status'), render: (r) => <ReleaseStatusCell release={r} now={now} /> },
    {
      id: 'version',
      label: t('list.columns.version'),
      minWidth: 120,
      render: (r) =>
        base ? (
          <Link component={RouterLink} to={`${base}/releases/${r.id}`} aria-label={t('list.openRelease', { version: r.raw_version })}>
            {r.raw_version}
          </Link>
        ) : (
          r.raw_version
        ),
    },
    { id: 'commit', label: t('list.columns.commit'), render: (r) => <code title={r.commit}>{r.commit.slice(0, 7)}</code> },
    { id: 'created', label: t('list.columns.created'), render: (r) => <span title={formatDate(r.created_at)}>{formatRelative(r.created_at, now)}</span> },
    { id: 'createdBy', label: t('list.columns.createdBy'), render: (r) => r.is_created_by__user[0]?.username ?? '—' },
    {
      id: 'runningOn',
      label: t('list.columns.runningOn'),
      align: 'right',
      render: (r) => {
        const count = r.is_running_on__device;
        const text = t('list.runningOnDevices', { count });
        if (count === 0 || fleetClass !== 'fleets' || !fleet) return text;
        return (
          <TypedLink
            to="/$fleetClass/$fleetId/devices"
            params={{ fleetClass, fleetId: String(fleet.id) }}
            search={devicesRunningSearch(r.raw_version)}
            aria-label={t('list.runningOnLink', { count, version: r.raw_version })}
          >
            {text}
          </TypedLink>
        );
      },
    },
    { id: 'tags', label: t('list.columns.tags'), render: (r) => <TagChips tags={r.release_tag} max={RELEASE_TAG_CHIPS} label={t('list.tagsOf')} moreText={t('list.tagsMore')} /> },
    {
      id: 'type',
      label: t('list.columns.type'),
      render: (r) => <Chip size="small" variant={r.is_final ? 'filled' : 'outlined'} label={t(r.is_final ? 'list.final' : 'list.draft')} />,
    },
    {
      id: 'target',
      label: t('list.columns.target'),
      render: (r) => {
        const marker = fleet ? releaseTargetMarker(fleet, r.id) : null;
        if (marker === null) return '';
        return <Chip size="small" color="primary" variant="outlined" label={t(marker === 'latest' ? 'list.trackLatest' : 'list.pinned')} data-testid="target-marker" />;
      },
    },
  ];
  return (
    <DataTable
      label={t('list.tableLabel')}
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      rowOffset={rowOffset}
      totalRows={total}
      isSortable={() => false}
      sort={SORT}
      onSort={() => undefined}
    />
  );
}
