import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import * as userPublicKey from '@flotilla/core/schemas/odata/user-public-key';
import { odataList } from '../../../lib/odata.ts';

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const sshKeyKeys = {
  all: ['ssh-keys'] as const,
  list: () => [...sshKeyKeys.all, 'list'] as const,
};

/** An SSH key of the signed-in user as the table shows it (accounts spec §3 ssh key). */
const sshKeyRow = userPublicKey.row.pick({ id: true, title: true, public_key: true, fingerprint: true, created_at: true });
export type SshKeyRow = z.output<typeof sshKeyRow>;

/** The API serves only the caller's own keys, so the query needs no filter. */
export const sshKeysQuery = queryOptions({
  queryKey: sshKeyKeys.list(),
  queryFn: () =>
    odataList(sshKeyRow, {
      resource: userPublicKey.resource,
      options: { $select: ['id', 'title', 'public_key', 'fingerprint', 'created_at'], $orderby: { created_at: 'desc' } },
    }),
});
