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
import { useCan, type PermissionScope } from '../../../lib/permissions.ts';
import { useDeleteDeviceTag } from '../api/device-summary.mutations.ts';
import { deviceTagsQuery, type DeviceTagRow } from '../api/device-tags.queries.ts';
import { DeviceTagDialog } from './DeviceTagDialog.tsx';

const DEVICE_TAG_LIST: ClientListConfig = {
  tableId: 'device-tags',
  fields: {
    key: { kind: 'text', path: 'tag_key' },
    value: { kind: 'text', path: 'value' },
  },
  defaultSort: { field: 'key', direction: 'asc' },
};

/**
 * "Tags (N)" on the device summary (`device_tag`: tag_key, value), as the fleet's tags card
 * works: every reader sees them; add, edit and remove are offered only with their permission.
 */
export function DeviceTagsCard({ deviceId, scope }: { deviceId: number; scope: PermissionScope }) {
  const { t } = useTranslation('devices');
  const canCreate = useCan('resin.device_tag.create', scope);
  const canUpdate = useCan('resin.device_tag.update', scope);
  const canDelete = useCan('resin.device_tag.delete', scope);
  const tags = useQuery(deviceTagsQuery(deviceId));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DeviceTagRow | null>(null);
  const [removing, setRemoving] = useState<DeviceTagRow | null>(null);
  const remove = useDeleteDeviceTag(deviceId);
  const keys = tags.data?.map((tag) => tag.tag_key) ?? [];
  const columns: DataColumn<DeviceTagRow>[] = [
    { id: 'key', label: t('summary.tags.key'), isHideable: false, minWidth: 100, render: (tag) => tag.tag_key },
    { id: 'value', label: t('summary.tags.value'), minWidth: 100, render: (tag) => tag.value },
  ];
  if (canUpdate || canDelete) {
    columns.push(
      actionsColumn(t('summary.tags.actions'), (tag) => (
        <>
          {canUpdate && (
            <IconButton size="small" aria-label={t('summary.tags.edit', { key: tag.tag_key })} onClick={() => setEditing(tag)}>
              <EditIcon fontSize="small" />
            </IconButton>
          )}
          {canDelete && (
            <IconButton size="small" aria-label={t('summary.tags.remove', { key: tag.tag_key })} onClick={() => setRemoving(tag)}>
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
            {/* The count only once the tags are read: no "Tags (0)" while loading or after an error. */}
            {tags.data ? t('summary.tags.titleCount', { count: tags.data.length }) : t('summary.tags.title')}
          </Typography>
          {canCreate && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('summary.tags.add')}
            </Button>
          )}
        </Box>
        <ClientDataList
          label={t('summary.tags.title')}
          what={t('summary.tags.what')}
          config={DEVICE_TAG_LIST}
          columns={columns}
          query={tags}
          getRowId={(tag) => tag.id}
          rowName={(tag) => tag.tag_key}
          empty={<EmptyState title={t('summary.tags.empty')} />}
          maxHeight={360}
        />
      </CardContent>
      {adding && <DeviceTagDialog deviceId={deviceId} otherKeys={keys} onClose={() => setAdding(false)} />}
      {editing && <DeviceTagDialog deviceId={deviceId} tag={editing} otherKeys={keys.filter((k) => k !== editing.tag_key)} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('summary.tags.removeTitle')}
          message={t('summary.tags.removeConfirm', { key: removing.tag_key })}
          confirmLabel={t('summary.tags.removeSubmit')}
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifySuccess(t('summary.tags.removed'));
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
