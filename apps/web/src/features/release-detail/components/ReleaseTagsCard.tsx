import { useQuery } from '@tanstack/react-query';
import { TagsCard } from '../../../components/tags/TagsCard.tsx';
import type { PermissionScope } from '../../../lib/permissions.ts';
import { useCreateReleaseTag, useDeleteReleaseTag, useUpdateReleaseTag } from '../api/release-detail.mutations.ts';
import { releaseTagsQuery } from '../api/release-detail.queries.ts';

/**
 * The release's tags (release_tag; fleets spec §2 "tags manager"): add, edit and remove with
 * resin.release_tag.* (§6 "Entity tables": administrator and developer; safe-developer all but
 * remove; others read only), each offered only with its permission.
 */
export function ReleaseTagsCard({ releaseId, scope }: { releaseId: number; scope: PermissionScope }) {
  const tags = useQuery(releaseTagsQuery(releaseId));
  const create = useCreateReleaseTag(releaseId);
  const update = useUpdateReleaseTag(releaseId);
  const remove = useDeleteReleaseTag(releaseId);
  return (
    <TagsCard
      namespace="releaseDetail"
      keyPrefix="tags"
      tableId="release-tags"
      resource="release_tag"
      scope={scope}
      query={tags}
      create={create}
      update={update}
      remove={remove}
    />
  );
}
