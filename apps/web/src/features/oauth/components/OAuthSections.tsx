import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { AuthorizedApplicationsSection } from './AuthorizedApplicationsSection.tsx';
import { OAuthApplicationsSection } from './OAuthApplicationsSection.tsx';

/**
 * The OAuth part of Preferences → Access tokens (the spec has no tab of its own for it): the
 * applications the user authorized and those they registered. Shown to users only (whoami).
 */
export function OAuthSections() {
  const { data: actor } = useQuery(whoamiQuery);
  if (actor?.actorType !== 'user') return null;
  return (
    <Stack spacing={3} sx={{ mt: 4 }}>
      <Divider />
      <AuthorizedApplicationsSection userId={actor.actorTypeId} />
      <OAuthApplicationsSection userId={actor.actorTypeId} />
    </Stack>
  );
}
