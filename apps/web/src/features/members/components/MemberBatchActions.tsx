import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useRemoveMembers } from '../api/members.mutations.ts';
import { adminCountQuery, memberRole, memberUserId, memberUsername, selectedMembersQuery } from '../api/members.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { wouldRemoveAllAdmins } from '../member-rules.ts';
import { ChangeRoleDialog } from './ChangeRoleDialog.tsx';

/**
 * The member list's batch actions (DataList's slot): change role and remove (accounts spec §5,
 * §6). The selection may span pages, so the selected memberships are read by id; removal stays
 * disabled, with the reason, while it would remove every administrator, and until the rows
 * it judges are loaded. Anyone may remove their own membership (leave).
 */
export function MemberBatchActions({ orgId, ids, clearSelection }: { orgId: number; ids: ReadonlySet<number>; clearSelection: () => void }) {
  const { t } = useTranslation('members');
  const router = useRouter();
  const scope = { organizationId: orgId };
  const canChangeRole = useCan('resin.organization_membership.update', scope);
  const canRemove = useCan('resin.organization_membership.delete', scope);
  const { data: actor } = useQuery(whoamiQuery);
  const selection = useQuery(selectedMembersQuery(orgId, [...ids]));
  const adminCount = useQuery(adminCountQuery(orgId));
  const [dialog, setDialog] = useState<'role' | 'remove' | null>(null);
  const remove = useRemoveMembers();

  const rows = selection.data ?? [];
  const isCurrent = selection.isSuccess && !selection.isPlaceholderData && adminCount.isSuccess;
  const ownUserId = actor?.actorType === 'user' ? actor.actorTypeId : null;
  const isOnlySelf = rows.length > 0 && rows.every((row) => memberUserId(row) === ownUserId);
  const blocksLastAdmin = wouldRemoveAllAdmins(rows.map(memberRole), adminCount.data ?? 0);
  const memberIds = [...ids];

  const confirmRemove = () =>
    remove.mutate(memberIds, {
      onSuccess: () => {
        notifySuccess(t('remove.member_successfully_deleted', { count: memberIds.length }));
        const done = () => {
          setDialog(null);
          clearSelection();
        };
        // Leaving: this organization is no longer the user's to look at.
        if (isOnlySelf) void router.navigate({ to: '/orgs' }).then(done);
        else done();
      },
    });

  return (
    <Box role="toolbar" aria-label={t('list.selectionToolbar')} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {canChangeRole && (
        <Button size="small" variant="outlined" onClick={() => setDialog('role')}>
          {t('changeRole.open')}
        </Button>
      )}
      {(canRemove || isOnlySelf) && (
        <Tooltip title={blocksLastAdmin ? t('remove.lastAdminTooltip') : ''}>
          {/* A disabled button gets no pointer events; the span carries the tooltip. */}
          <span>
            <Button size="small" variant="outlined" color="error" disabled={!isCurrent || blocksLastAdmin} onClick={() => setDialog('remove')}>
              {t('remove.open')}
            </Button>
          </span>
        </Tooltip>
      )}
      {dialog === 'role' && (
        <ChangeRoleDialog
          memberIds={memberIds}
          initialRole={rows.length > 0 && rows.every((row) => memberRole(row) === 'administrator') ? 'member' : 'administrator'}
          includesEveryAdmin={blocksLastAdmin}
          onClose={() => setDialog(null)}
          onChanged={() => {
            setDialog(null);
            clearSelection();
          }}
        />
      )}
      {dialog === 'remove' && (
        <ConfirmDialog
          title={t('remove.title', { count: memberIds.length })}
          message={isOnlySelf ? t('remove.confirmSelf') : t('remove.confirm', { count: memberIds.length, usernames: rows.map(memberUsername).join(', ') })}
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
    </Box>
  );
}
