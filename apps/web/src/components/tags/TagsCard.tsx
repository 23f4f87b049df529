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
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ClientDataList } from '../data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../data-list/columns.ts';
import { EmptyState } from '../states/EmptyState.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan, type PermissionScope } from '../../lib/permissions.ts';
import { TagDialog } from './TagDialog.tsx';

/**
 * The tags table fits its card, which is half the page wide on the summaries (1440 px) and the
 * phone's width at 390 px: the table is as wide as the card, the key takes its text up to 40% of
 * it, the value what is left, both cut with an ellipsis (DataTable shows the whole text on
 * hover; Edit shows it too), and the row's actions (right-aligned, never cut) stay in view.
 * Without this the cells' own caps (320 px each) made the table wider than the card.
 */
const FIT_CARD = {
  containerType: 'inline-size',
  // As specific as DataTable's own cap on text cells plus `table`, so these replace it.
  '& table tbody td:first-of-type:not([data-align="right"]):not([data-spacer])': { maxWidth: '40cqi' },
  // width 100% gives the value every pixel the key and the actions leave; max-width 0 lets it shrink below its text.
  '& table tbody td:not(:first-of-type):not([data-align="right"]):not([data-spacer])': { width: '100%', maxWidth: 0 },
} as const;

export interface TagRow {
  id: number;
  tag_key: string;
  value: string;
}

interface TagValues {
  tag_key: string;
  value: string;
}

/**
 * An owner's tags (a fleet's `application_tag`, a device's `device_tag`, a release's `release_tag`: tag_key, value) as a
 * card: every reader sees them; add, edit and remove are offered only with their permission
 * (`resin.<resource>.create|update|delete` in `scope`; the API checks each write again). The
 * words come from `namespace` under `keyPrefix`; with `showCount` the title says how many, once
 * they are read (never "0" while loading or after an error).
 */
export function TagsCard({
  namespace,
  keyPrefix,
  tableId,
  resource,
  scope,
  query,
  create,
  update,
  remove,
  showCount = false,
}: {
  namespace: string;
  keyPrefix?: string;
  tableId: string;
  resource: 'application_tag' | 'device_tag' | 'release_tag';
  scope: PermissionScope;
  query: UseQueryResult<TagRow[]>;
  create: UseMutationResult<unknown, Error, TagValues>;
  update: UseMutationResult<unknown, Error, TagValues & { id: number }>;
  remove: UseMutationResult<unknown, Error, number>;
  showCount?: boolean;
}) {
  const { t } = useTranslation(namespace, keyPrefix ? { keyPrefix } : undefined);
  const canCreate = useCan(`resin.${resource}.create`, scope);
  const canUpdate = useCan(`resin.${resource}.update`, scope);
  const canDelete = useCan(`resin.${resource}.delete`, scope);
  const tags = query;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TagRow | null>(null);
  const [removing, setRemoving] = useState<TagRow | null>(null);
  const config: ClientListConfig = {
    tableId,
    fields: { key: { kind: 'text', path: 'tag_key' }, value: { kind: 'text', path: 'value' } },
    defaultSort: { field: 'key', direction: 'asc' },
  };
  const keys = tags.data?.map((tag) => tag.tag_key) ?? [];
  const columns: DataColumn<TagRow>[] = [
    // No minimum widths: the table fits its card (FIT_CARD), it never scrolls sideways.
    { id: 'key', label: t('key'), isHideable: false, render: (tag) => tag.tag_key },
    { id: 'value', label: t('value'), render: (tag) => tag.value },
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
            {showCount && tags.data ? t('titleCount', { count: tags.data.length }) : t('title')}
          </Typography>
          {canCreate && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          )}
        </Box>
        <Box sx={FIT_CARD}>
          <ClientDataList
            label={t('title')}
            what={t('what')}
            config={config}
            columns={columns}
            query={tags}
            getRowId={(tag) => tag.id}
            rowName={(tag) => tag.tag_key}
            empty={<EmptyState title={t('empty')} />}
            maxHeight={360}
          />
        </Box>
      </CardContent>
      {adding && <TagDialog namespace={namespace} keyPrefix={keyPrefix} otherKeys={keys} create={create} update={update} onClose={() => setAdding(false)} />}
      {editing && (
        <TagDialog
          namespace={namespace}
          keyPrefix={keyPrefix}
          tag={editing}
          otherKeys={keys.filter((k) => k !== editing.tag_key)}
          create={create}
          update={update}
          onClose={() => setEditing(null)}
        />
      )}
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
