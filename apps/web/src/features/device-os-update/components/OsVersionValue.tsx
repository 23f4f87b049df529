import '../device-os-update-catalog.ts';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { osChangelogUrl, runningOsRelease } from '@flotilla/core/os-releases';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { hostOsReleasesQuery } from '../api/os-update.queries.ts';
import { ReleaseLineChip } from './ReleaseLineChip.tsx';

/**
 * The device summary's host OS version (fleets spec §2 "host OS version with release-line badge
 * and changelog link"): the version as reported, the line of the release it runs among its
 * type's host OS releases, and the changelog the OS catalog names. While the releases load, or
 * when the version is not a published release, the version stands alone.
 */
export function OsVersionValue({ device }: { device: Pick<DeviceDetail, 'os_version' | 'os_variant' | 'is_of__device_type'> }) {
  const { t } = useTranslation('deviceOsUpdate');
  const slug = device.is_of__device_type[0]?.slug;
  const query = useQuery({ ...hostOsReleasesQuery(slug ?? ''), enabled: slug !== undefined && device.os_version !== null });
  if (!device.os_version) return <>—</>;
  const running = query.data ? runningOsRelease(device.os_version, device.os_variant, query.data.releases) : null;
  const changelog = osChangelogUrl(query.data?.changelogUrl, device.os_version);
  return (
    <>
      {device.os_version}
      {running?.line && <ReleaseLineChip line={running.line} />}
      {changelog && (
        <Link href={changelog} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ ml: 1 }} aria-label={t('changelogLabel', { version: device.os_version })}>
          {t('changelog')}
        </Link>
      )}
    </>
  );
}
