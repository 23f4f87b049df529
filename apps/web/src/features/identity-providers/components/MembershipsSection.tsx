import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { teamListQuery } from '../../teams/api/teams.queries.ts';
import { useDeleteIdentityProviderMembership, useSetMembershipDefaultTeam } from '../api/identity-providers.mutations.ts';
import type { IdentityProvider, IdentityProviderMembership } from '../api/identity-providers.queries.ts';
import { AddOrganizationsDialog } from './AddOrganizationsDialog.tsx';
import { ReasonedButton } from '../../../components/ReasonedButton.tsx';

const MEMBERSHIP_LIST: ClientListConfig = {
  tableId: 'identity-provider-memberships',
  fields: {
    organization: { kind: 'text', path: ['organization', 'name'] },
    handle: { kind: 'text', path: ['organization', 'handle'] },
  },
  defaultSort: { field: 'organization', direction: 'asc' },
};

/**
 * The provider's organizations (accounts spec §2 membership table; §6): each with its default
 * team, picked from that organization's teams, and removal; the last one cannot be removed (§4
 * idp_must_have_at_least_one_org). Changing or removing a row needs the organization's
 * administrator (the API's rule: identity_provider_membership update and delete), adding needs
 * an administrator of the provider (`isIdpAdmin`).
 */
export function MembershipsSection({
  provider,
  isIdpAdmin,
  administers,
  candidates,
  notAdminReason,
}: {
  provider: IdentityProvider;
  isIdpAdmin: boolean;
  administers: (orgId: number) => boolean;
  /** Organizations the user may add (administered, with saml_access, not in the provider yet). */
  candidates: ReadonlyArray<{ id: number; name: string; handle: string }>;
  notAdminReason: string;
}) {
  const { t } = useTranslation('identityProviders');
  const [isAddOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<IdentityProviderMembership | null>(null);
  const remove = useDeleteIdentityProviderMembership();
  const isLast = provider.memberships.length <= 1;
  const nameOf = (m: IdentityProviderMembership) => m.organization?.name ?? t('memberships.hiddenOrganization', { id: m.id });

  const columns: DataColumn<IdentityProviderMembership>[] = [
    { id: 'organization', label: t('memberships.organization'), isHideable: false, minWidth: 140, render: nameOf },
    { id: 'handle', label: t('memberships.handle'), minWidth: 100, render: (m) => m.organization?.handle ?? '—' },
    {
      id: 'defaultTeam',
      label: t('memberships.defaultTeam'),
      minWidth: 180,
      render: (m) =>
        m.organization && administers(m.organization.id) ? (
          <DefaultTeamPicker membership={m} orgId={m.organization.id} label={t('memberships.defaultTeamFor', { name: nameOf(m) })} />
        ) : (
          (m.defaultTeam?.name ?? t('memberships.noTeam'))
        ),
    },
    actionsColumn<IdentityProviderMembership>(t('memberships.actions'), (m) => {
      const canRemove = m.organization !== null && administers(m.organization.id);
      const reason = !canRemove ? t('memberships.notAnAdminOfOrganization') : isLast ? t('warnings.idp_must_have_at_least_one_org') : null;
      const label = t('memberships.remove', { name: nameOf(m) });
      return (
        <Tooltip title={reason ?? label} describeChild>
          {/* The span keeps the tooltip (the reason) on a disabled button, and takes focus then. */}
          <Box component="span" tabIndex={reason ? 0 : undefined} sx={{ display: 'inline-block' }}>
            <IconButton size="small" aria-label={label} disabled={reason !== null} onClick={() => setRemoving(m)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        </Tooltip>
      );
    }),
  ];

  return (
    <PageSection
      title={t('memberships.title')}
      actions={
        <ReasonedButton variant="contained" startIcon={<AddIcon />} disabledReason={isIdpAdmin ? null : notAdminReason} onClick={() => setAddOpen(true)}>
          {t('memberships.add')}
        </ReasonedButton>
      }
    >
      <ClientDataList
        label={t('memberships.title')}
        what={t('memberships.title')}
        config={MEMBERSHIP_LIST}
        columns={columns}
        query={{ data: provider.memberships, error: null, refetch: () => Promise.resolve() }}
        getRowId={(m) => m.id}
        rowName={nameOf}
        empty={<EmptyState title={t('warnings.idp_must_have_at_least_one_org')} />}
        maxHeight={420}
      />
      {isAddOpen && <AddOrganizationsDialog providerId={provider.id} candidates={candidates} onClose={() => setAddOpen(false)} />}
      {removing && (
        <MutationConfirmDialog
          title={t('removeMembership.title')}
          message={t('removeMembership.message', { name: nameOf(removing) })}
          confirmLabel={t('removeMembership.confirm')}
          mutation={remove}
          run={() => remove.mutateAsync(removing.id)}
          success={t('success.idp_membership_removed')}
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        />
      )}
    </PageSection>
  );
}

/** The team new accounts of the organization join (§3 grants_access_to__team, may be empty). */
function DefaultTeamPicker({ membership, orgId, label }: { membership: IdentityProviderMembership; orgId: number; label: string }) {
  const { t } = useTranslation('identityProviders');
  const teams = useQuery(teamListQuery(orgId));
  const setTeam = useSetMembershipDefaultTeam();
  const current = membership.defaultTeam?.id ?? '';
  // The current team stays an option while the list loads or if it is not in it.
  const options = [...(teams.data ?? []).map((team) => ({ id: team.id, name: team.name }))];
  if (membership.defaultTeam && !options.some((o) => o.id === membership.defaultTeam!.id)) options.unshift(membership.defaultTeam);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={current}
      disabled={setTeam.isPending}
      error={teams.isError}
      helperText={teams.isError ? t('memberships.teamsUnavailable') : undefined}
      onChange={(event) => {
        const raw = String(event.target.value);
        const teamId = raw === '' ? null : Number(raw);
        if (teamId === (membership.defaultTeam?.id ?? null)) return;
        setTeam.mutate({ membershipId: membership.id, teamId }, { onSuccess: () => notifySuccess(t('success.default_team_updated')) });
      }}
    >
      <MenuItem value="">
        <em>{t('memberships.noTeam')}</em>
      </MenuItem>
      {options.map((team) => (
        <MenuItem key={team.id} value={team.id}>
          {team.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
