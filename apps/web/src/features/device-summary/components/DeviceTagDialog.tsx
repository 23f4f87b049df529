import { TagDialog } from '../../../components/tags/TagDialog.tsx';
import { useCreateDeviceTag, useUpdateDeviceTag } from '../api/device-summary.mutations.ts';
import type { DeviceTagRow } from '../api/device-tags.queries.ts';

/** Add a tag to the device, or edit one (`tag` given): key and value. */
export function DeviceTagDialog({ deviceId, tag, otherKeys, onClose }: { deviceId: number; tag?: DeviceTagRow; otherKeys: readonly string[]; onClose: () => void }) {
  const create = useCreateDeviceTag(deviceId);
  const update = useUpdateDeviceTag(deviceId);
  return <TagDialog namespace="devices" keyPrefix="summary.tags" tag={tag} otherKeys={otherKeys} create={create} update={update} onClose={onClose} />;
}
