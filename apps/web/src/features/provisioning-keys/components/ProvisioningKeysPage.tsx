import '../provisioning-keys-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { TokenCreatedDialog } from '../../access-tokens/components/TokenCreatedDialog.tsx';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { useRevokeProvisioningKey } from '../api/provisioning-keys.mutations.ts';
import { provisioningKeysQuery, type ProvisioningKeyRow } from '../api/provisioning-keys.queries.ts';
import { CreateProvisioningKeyDialog } from './CreateProvisioningKeyDialog.tsx';

/** The key list's sortable, filterable fields (by column id), newest first as the API answers. */
const PROVISIONING_KEY_LIST: ClientListConfig = {
  tableId: 'provisioning-keys',
  fields: {
    name: { kind: 'text', path: 'name' },
    description: { kind: 'text', path: 'description' },
    createdAt: { kind: 'date', path: 'created_at' },
    expiry: { kind: 'date', path: 'expiry_date' },
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

const route = getRouteApi('/_app/$fleetClass/$fleetId/api-keys');

/**
 * /fleets/$fleetId/api-keys (fleets spec §2): the fleet's provisioning keys — name, description,
 * created, expiry — with create (the key is shown once, with copy) and revoke (confirmed).
 * Reading needs resin.api_key.read (the route's guard); create and revoke are offered to those
 * holding resin.api_key.create and .delete.
 */
export function ProvisioningKeysPage() {
  const { t } = useTranslation('provisioningKeys');
  const { fleetId } = route.useRouteContext();
  const fleet = useQuery(fleetQuery(fleetId));
  const scope = { fleetId, organizationId: fleet.data?.organization[0]?.id };
  const canCreate = useCan('resin.api_key.create', scope);
  const canRevoke = useCan('resin.api_key.delete', scope);
  const keys = useQuery(provisioningKeysQuery(fleetId));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ProvisioningKeyRow | null>(null);
  const revoke = useRevokeProvisioningKey(fleetId);
  usePageTitle(fleet.data ? t('pageTitle', { name: fleet.data.app_name }) : null);

  const label = (key: ProvisioningKeyRow) => key.name ?? t('unnamed', { id: key.id });
  const expiryText = (key: ProvisioningKeyRow) => {
    if (key.expiry_date === null) return t('never');
    const text = formatDate(key.expiry_date);
    // Expired as of the answer shown (refetched on its interval), which keeps rendering pure.
    return new Date(key.expiry_date).getTime() <= keys.dataUpdatedAt ? `${text} (${t('expired')})` : text;
  };
  const columns: DataColumn<ProvisioningKeyRow>[] = [
    { id: 'name', label: t('columns.name'), isHideable: false, minWidth: 120, render: label },
    { id: 'description', label: t('columns.description'), render: (key) => key.description },
    { id: 'createdAt', label: t('columns.createdAt'), render: (key) => formatDate(key.created_at) },
    { id: 'expiry', label: t('columns.expiry'), render: expiryText },
  ];
  if (canRevoke) {
    columns.push(
      actionsColumn(t('columns.actions'), (key) => (
        <IconButton aria-label={t('revoke', { name: label(key) })} onClick={() => setRevoking(key)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )),
    );
  }
  const createButton = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      {t('create')}
    </Button>
  ) : undefined;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h1">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
        </Box>
        {createButton}
      </Stack>
      <ClientDataList
        label={t('title')}
        what={t('what')}
        config={PROVISIONING_KEY_LIST}
        columns={columns}
        query={keys}
        getRowId={(key) => key.id}
        rowName={label}
        empty={<EmptyState title={t('empty')} help={t('emptyHelp')} action={createButton} />}
      />
      {creating && (
        <CreateProvisioningKeyDialog
          fleetId={fleetId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created !== null && (
        <TokenCreatedDialog
          token={created}
          onClose={() => setCreated(null)}
          texts={{ title: t('createdTitle'), warning: t('createdWarning'), label: t('keyLabel'), copied: t('copied'), fileName: 'provisioning-key.txt' }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('revokeTitle')}
          message={t('revokeConfirm', { name: label(revoking) })}
          confirmLabel={t('revokeSubmit')}
          busy={revoke.isPending}
          error={revoke.error?.message ?? null}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notifySuccess(t('revoked'));
                setRevoking(null);
              },
            })
          }
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
        />
      )}
    </Box>
  );
}
