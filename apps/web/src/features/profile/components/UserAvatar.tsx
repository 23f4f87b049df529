import { useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import { useQuery } from '@tanstack/react-query';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { clientConfigQuery } from '../api/client-config.queries.ts';
import { profileQuery } from '../api/profile.queries.ts';
import { avatarUrlFor, emailHash, initialsOf } from '../avatar.ts';

/** The signed-in user's avatar: the avatar service's image by email hash, else initials. */
export function UserAvatar({ size = 28 }: { size?: number }) {
  const { data: actor } = useQuery(whoamiQuery);
  const { data: config } = useQuery(clientConfigQuery);
  const { data: profile } = useQuery({ ...profileQuery, enabled: actor?.actorType === 'user' });
  const [hash, setHash] = useState<string | null>(null);
  const email = actor?.email ?? null;

  useEffect(() => {
    let current = true;
    if (email && config?.avatarUrl) void emailHash(email).then((h) => current && setHash(h), () => undefined);
    return () => {
      current = false;
    };
  }, [email, config?.avatarUrl]);

  const src = avatarUrlFor(config?.avatarUrl ?? null, email ? hash : null) ?? undefined;
  // MUI shows the children (initials) when there is no src or the image fails to load.
  return (
    <Avatar src={src} alt="" sx={{ width: size, height: size, fontSize: size / 2, bgcolor: 'primary.dark' }}>
      {initialsOf(profile?.first_name, profile?.last_name, actor?.username ?? '')}
    </Avatar>
  );
}
