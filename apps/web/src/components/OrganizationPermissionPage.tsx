import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { rolesHavePermission } from '@flotilla/core/roles';
import { ForbiddenState } from './states/ForbiddenState.tsx';
import { RolesPending } from './states/RolesPending.tsx';
import { useRolesState } from '../lib/permissions.ts';

/**
 * An organization page only holders of one permission may use (billing and credits: accounts
 * spec §6 "Only organization administrators see billing, plans and credits; others are told to
 * contact an administrator"): its h1, then the roles' loading state, the forbidden message, or
 * the page — whose requests are not sent at all for someone without the permission.
 */
export function OrganizationPermissionPage({
  title,
  organizationId,
  permission,
  forbiddenMessage,
  pendingRows,
  children,
}: {
  title: string;
  organizationId: number;
  permission: string;
  forbiddenMessage: string;
  pendingRows: number;
  children: ReactNode;
}) {
  const roles = useRolesState({ organizationId });
  const heading = (
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      {title}
    </Typography>
  );
  const body = !roles.roles ? (
    <RolesPending state={roles} rows={pendingRows} />
  ) : !rolesHavePermission(roles.roles, permission) ? (
    <ForbiddenState message={forbiddenMessage} />
  ) : (
    children
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      {heading}
      {body}
    </Box>
  );
}
