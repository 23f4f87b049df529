import '../../devices/devices-catalog.ts';
import { useQuery } from '@tanstack/react-query';
import { TagsCard } from '../../../components/tags/TagsCard.tsx';
import type { PermissionScope } from '../../../lib/permissions.ts';
import { useCreateDeviceTag, useDeleteDeviceTag, useUpdateDeviceTag } from '../api/device-summary.mutations.ts';
import { deviceTagsQuery } from '../api/device-tags.queries.ts';

/** "Tags (N)" on the device summary (`device_tag`), as the fleet's tags card works. */
export function DeviceTagsCard({ deviceId, scope }: { deviceId: number; scope: PermissionScope }) {
  const tags = useQuery(deviceTagsQuery(deviceId));
  const create = useCreateDeviceTag(deviceId);
  const update = useUpdateDeviceTag(deviceId);
  const remove = useDeleteDeviceTag(deviceId);
  return (
    <TagsCard
      namespace="devices"
      keyPrefix="summary.tags"
      tableId="device-tags"
      resource="device_tag"
      scope={scope}
      query={tags}
      create={create}
      update={update}
      remove={remove}
      showCount
    />
  );
}
