import '../members-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { memberPageQuery, memberUsername } from '../api/members.queries.ts';
import { MEMBER_LIST } from '../member-list.ts';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { MemberBatchActions } from './MemberBatchActions.tsx';
import { MemberTable } from './MemberTable.tsx';
import { MemberTagsDialog } from './MemberTagsDialog.tsx';
import { PendingInvites } from './PendingInvites.tsx';

const route = getRouteApi('/_app/orgs/$orgId/members');

type Dialog = { kind: 'invite' } | { kind: 'tags'; memberId: number } | null;

/**
 * /orgs/{orgId}/members (accounts spec §2, §5, §6): the organization's members in the product's
 * list (server paging, sort and filter rules, the state in the URL); select rows to change their
 * role or remove them; member tags; invites and pending invites for administrators. Actions
 * render only with their permission (useCan), and the server enforces every rule again.
 */
export function MemberListPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('list.pageTitle'));
  const { orgId } = route.useRouteContext();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(MEMBER_LIST, search, (next) => void navigate({ search: next }));
  const { data: actor } = useQuery(whoamiQuery);
  const members = useQuery(memberPageQuery(orgId, state.params));
  const scope = { organizationId: orgId };
  const canInvite = useCan('resin.organization_invite.create', scope);
  const canEditTags = useCan('resin.organization_membership_tag.create', scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tagsRow = dialog?.kind === 'tags' ? members.data?.rows.find((row) => row.id === dialog.memberId) : undefined;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {canInvite && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ kind: 'invite' })}>
            {t('invite.open')}
          </Button>
        )}
      </Box>

      <MemberTable
        orgId={orgId}
        state={state}
        query={members}
        userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
        empty={<EmptyState title={t('list.empty')} />}
        batchActions={(ids, clearSelection) => <MemberBatchActions orgId={orgId} ids={ids} clearSelection={clearSelection} />}
        onEditTags={(row) => setDialog({ kind: 'tags', memberId: row.id })}
      />

      {canInvite && <PendingInvites orgId={orgId} />}

      {dialog?.kind === 'invite' && <InviteMemberDialog orgId={orgId} onClose={() => setDialog(null)} />}
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
