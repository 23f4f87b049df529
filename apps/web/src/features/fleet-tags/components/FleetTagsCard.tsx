import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useDeleteFleetTag } from '../api/fleet-tags.mutations.ts';
import { fleetTagsQuery, type FleetTagRow } from '../api/fleet-tags.queries.ts';
import { FleetTagDialog } from './FleetTagDialog.tsx';

/** The tag list's sortable, filterable fields (by column id), by key as the API answers. */
const FLEET_TAG_LIST: ClientListConfig = {
  tableId: 'fleet-tags',
  fields: {
    key: { kind: 'text', path: 'tag_key' },
    value: { kind: 'text', path: 'value' },
  },
  defaultSort: { field: 'key', direction: 'asc' },
};

/**
 * The fleet's tags (`application_tag`: tag_key, value) on its summary: view for every reader;
 * add, edit and remove for those the API lets write them (fleets spec §6 "Entity tables":
 * developer and administrator; others read only), each offered only with its permission.
 */
export function FleetTagsCard({ fleetId, organizationId }: { fleetId: number; organizationId: number | undefined }) {
  const { t } = useTranslation('fleetTags');
  const scope = { fleetId, organizationId };
  const canCreate = useCan('resin.application_tag.create', scope);
  const canUpdate = useCan('resin.application_tag.update', scope);
  const canDelete = useCan('resin.application_tag.delete', scope);
  const tags = useQuery(fleetTagsQuery(fleetId));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FleetTagRow | null>(null);
  const [removing, setRemoving] = useState<FleetTagRow | null>(null);
  const remove = useDeleteFleetTag(fleetId);
  const keys = tags.data?.map((tag) => tag.tag_key) ?? [];
  const columns: DataColumn<FleetTagRow>[] = [
    { id: 'key', label: t('key'), isHideable: false, minWidth: 120, render: (tag) => tag.tag_key },
    { id: 'value', label: t('value'), minWidth: 120, render: (tag) => tag.value },
  ];
  if (canUpdate || canDelete) {
    columns.push(
      actionsColumn(t('actions'), (tag) => (
        <>
          {canUpdate && (
            <IconButton size="small" aria-label={t('edit', { key: tag.tag_key })} onClick={() => setEditing(tag)}>
              <EditIcon fontSize="small" />
            </IconButton>
          )}
          {canDelete && (
            <IconButton size="small" aria-label={t('remove', { key: tag.tag_key })} onClick={() => setRemoving(tag)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </>
      )),
    );
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('title')}
          </Typography>
          {canCreate && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          )}
        </Box>
        <ClientDataList
          label={t('title')}
          what={t('what')}
          config={FLEET_TAG_LIST}
          columns={columns}
          query={tags}
          getRowId={(tag) => tag.id}
          rowName={(tag) => tag.tag_key}
          empty={<EmptyState title={t('empty')} />}
          maxHeight={360}
        />
      </CardContent>
      {adding && <FleetTagDialog fleetId={fleetId} otherKeys={keys} onClose={() => setAdding(false)} />}
      {editing && <FleetTagDialog fleetId={fleetId} tag={editing} otherKeys={keys.filter((k) => k !== editing.tag_key)} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('removeTitle')}
          message={t('removeConfirm', { key: removing.tag_key })}
          confirmLabel={t('removeSubmit')}
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifySuccess(t('removed'));
                setRemoving(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        />
      )}
    </Card>
  );
}
