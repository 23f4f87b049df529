import Avatar from '@mui/material/Avatar';
import { useTranslation } from 'react-i18next';

/** The organization's logo, or its initial when it has none. */
export function OrganizationAvatar({ name, logo, size = 28 }: { name: string; logo: string | null; size?: number }) {
  const { t } = useTranslation('organizations');
  return logo ? (
    <Avatar src={logo} alt={t('list.logoAlt', { name })} variant="rounded" sx={{ width: size, height: size }} />
  ) : (
    <Avatar variant="rounded" aria-hidden sx={{ width: size, height: size, fontSize: size / 2 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
