import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRemoveMembers } from '../api/members.mutations.ts';
import { adminCountQuery, memberPageQuery, memberRole, memberUserId, memberUsername, type MemberRow } from '../api/members.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { wouldRemoveAllAdmins, type MemberSort, type MemberSortField } from '../member-rules.ts';
import { ChangeRoleDialog } from './ChangeRoleDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { MemberTable } from './MemberTable.tsx';
import { MemberTagsDialog } from './MemberTagsDialog.tsx';
import { PendingInvites } from './PendingInvites.tsx';

const orgRoute = getRouteApi('/_app/orgs/$orgId');

type Dialog = { kind: 'invite' } | { kind: 'role' } | { kind: 'remove' } | { kind: 'tags'; memberId: number } | null;

/**
 * /orgs/{orgId}/members (accounts spec §2, §5, §6): paged members with a username filter and
 * sorting; select rows to change their role or remove them; member tags; invites and pending
 * invites for administrators. Actions render only with their permission (useCan), and the
 * server enforces every rule again.
 */
export function MemberListPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('list.pageTitle'));
  const { orgId } = orgRoute.useRouteContext();
  const router = useRouter();
  const { data: actor } = useQuery(whoamiQuery);
  const scope = { organizationId: orgId };
  const canChangeRole = useCan('resin.organization_membership.update', scope);
  const canRemove = useCan('resin.organization_membership.delete', scope);
  const canInvite = useCan('resin.organization_invite.create', scope);
  const canEditTags = useCan('resin.organization_membership_tag.create', scope);

  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<MemberSort>({ field: 'username', direction: 'asc' });
  // Selected rows by membership id; kept as rows so the role rule needs no extra lookup.
  const [selected, setSelected] = useState<ReadonlyMap<number, MemberRow>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);

  const members = useQuery(memberPageQuery(orgId, { page, filter: deferredFilter, sort }));
  const adminCount = useQuery(adminCountQuery(orgId));
  const remove = useRemoveMembers();
  const confirmRemove = () =>
    remove.mutate([...selected.keys()], {
      onSuccess: () => {
        notifySuccess(t('remove.member_successfully_deleted', { count: selected.size }));
        const done = () => {
          setSelected(new Map());
          setDialog(null);
        };
        // Leaving: this organization is no longer the user's to look at.
        if (isOnlySelf) void router.navigate({ to: '/orgs' }).then(done);
        else done();
      },
    });

  const resetSelection = () => setSelected(new Map());
  const handleSort = (field: MemberSortField) => {
    setSort((current) => ({ field, direction: current.field === field && current.direction === 'asc' ? 'desc' : 'asc' }));
    setPage(0);
    resetSelection();
  };
  const toggle = (row: MemberRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Map((members.data?.rows ?? []).map((row) => [row.id, row])) : new Map());

  const selectedRows = [...selected.values()];
  const ownUserId = actor?.actorType === 'user' ? actor.actorTypeId : null;
  // Anyone may remove their own membership (leave); removing others needs the permission.
  const isOnlySelf = selectedRows.length > 0 && selectedRows.every((row) => memberUserId(row) === ownUserId);
  const blocksLastAdmin = wouldRemoveAllAdmins(selectedRows.map(memberRole), adminCount.data ?? 0);
  const tagsRow = dialog?.kind === 'tags' ? members.data?.rows.find((row) => row.id === dialog.memberId) : undefined;
  const noMembersAtAll = members.data && members.data.total === 0 && deferredFilter.trim() === '';

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('list.filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
            resetSelection();
          }}
        />
        {canInvite && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ kind: 'invite' })}>
            {t('invite.open')}
          </Button>
        )}
      </Box>

      {selected.size > 0 && (
        <Paper variant="outlined" role="toolbar" aria-label={t('list.selectionToolbar')} sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1, mb: 1 }}>
          <Typography sx={{ flexGrow: 1 }} aria-live="polite">
            {t('list.selectedCount', { count: selected.size })}
          </Typography>
          {canChangeRole && (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'role' })}>
              {t('changeRole.open')}
            </Button>
          )}
          {(canRemove || isOnlySelf) && (
            <Tooltip title={blocksLastAdmin ? t('remove.lastAdminTooltip') : ''}>
              {/* A disabled button gets no pointer events; the span carries the tooltip. */}
              <span>
                <Button variant="outlined" color="error" disabled={blocksLastAdmin} onClick={() => setDialog({ kind: 'remove' })}>
                  {t('remove.open')}
                </Button>
              </span>
            </Tooltip>
          )}
        </Paper>
      )}

      {/* A failed load says so with Retry (it used to be an empty state without one). */}
      <QueryState query={members} what={t('list.what')} loadingRows={3}>
        {(data) =>
          noMembersAtAll ? (
            <EmptyState title={t('list.empty')} />
          ) : data.rows.length === 0 ? (
            <EmptyState title={t('list.noMatch')} />
          ) : (
            <MemberTable
              orgId={orgId}
              rows={data.rows}
              total={data.total}
              page={page}
              sort={sort}
              selected={new Set(selected.keys())}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onSort={handleSort}
              onPage={(next) => {
                setPage(next);
                resetSelection();
              }}
              onEditTags={(row) => setDialog({ kind: 'tags', memberId: row.id })}
            />
          )
        }
      </QueryState>

      {canInvite && <PendingInvites orgId={orgId} />}

      {dialog?.kind === 'invite' && <InviteMemberDialog orgId={orgId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog
          memberIds={[...selected.keys()]}
          initialRole={selectedRows.every((row) => memberRole(row) === 'administrator') ? 'member' : 'administrator'}
          onClose={() => setDialog(null)}
          onChanged={() => {
            setDialog(null);
            resetSelection();
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t('remove.title', { count: selected.size })}
          message={isOnlySelf ? t('remove.confirmSelf') : t('remove.confirm', { count: selected.size, usernames: selectedRows.map(memberUsername).join(', ') })}
          confirmLabel={t('remove.submit')}
          busy={remove.isPending}
          error={remove.isError ? memberErrorMessage(remove.error, t) : null}
          onConfirm={confirmRemove}
          onClose={() => {
            remove.reset();
            setDialog(null);
          }}
        />
      )}
      {tagsRow && (
        <MemberTagsDialog
          memberId={tagsRow.id}
          username={memberUsername(tagsRow)}
          tags={tagsRow.organization_membership_tag}
          canEdit={canEditTags}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
