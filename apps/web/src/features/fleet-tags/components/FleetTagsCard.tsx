import '../fleet-tags-catalog.ts';
import { useQuery } from '@tanstack/react-query';
import { TagsCard } from '../../../components/tags/TagsCard.tsx';
import { useCreateFleetTag, useDeleteFleetTag, useUpdateFleetTag } from '../api/fleet-tags.mutations.ts';
import { fleetTagsQuery } from '../api/fleet-tags.queries.ts';

/**
 * The fleet's tags (`application_tag`) on its summary: view for every reader; add, edit and
 * remove for those the API lets write them (fleets spec §6 "Entity tables": developer and
 * administrator; others read only), each offered only with its permission.
 */
export function FleetTagsCard({ fleetId, organizationId }: { fleetId: number; organizationId: number | undefined }) {
  const tags = useQuery(fleetTagsQuery(fleetId));
  const create = useCreateFleetTag(fleetId);
  const update = useUpdateFleetTag(fleetId);
  const remove = useDeleteFleetTag(fleetId);
  return (
    <TagsCard
      namespace="fleetTags"
      tableId="fleet-tags"
      resource="application_tag"
      scope={{ fleetId, organizationId }}
      query={tags}
      create={create}
      update={update}
      remove={remove}
    />
  );
}
