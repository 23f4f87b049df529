import { TagDialog } from '../../../components/tags/TagDialog.tsx';
import { useCreateFleetTag, useUpdateFleetTag } from '../api/fleet-tags.mutations.ts';
import type { FleetTagRow } from '../api/fleet-tags.queries.ts';

/** Add a tag to the fleet, or edit one (`tag` given): key and value. */
export function FleetTagDialog({ fleetId, tag, otherKeys, onClose }: { fleetId: number; tag?: FleetTagRow; otherKeys: readonly string[]; onClose: () => void }) {
  const create = useCreateFleetTag(fleetId);
  const update = useUpdateFleetTag(fleetId);
  return <TagDialog namespace="fleetTags" tag={tag} otherKeys={otherKeys} create={create} update={update} onClose={onClose} />;
}
