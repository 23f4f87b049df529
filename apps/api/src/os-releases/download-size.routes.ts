import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hostAppPolicy, osReleasesOf, releaseVersionParts, type HostReleaseRow, type Tag } from '@flotilla/core/os-releases';
import { deviceTypeSlugParams } from '@flotilla/core/schemas/config';
import { safeString } from '@flotilla/core/schemas/primitives';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { listDeviceTypes } from '../config/device-types.repository.ts';
import { DEFAULT_OS_IMAGE_BYTES } from './os-release-catalog.ts';
import { DOWNLOAD_SIZE_TAG } from './os-release-seed.ts';

/**
 * `GET /device-types/v1/:slug/images/:version/download-size` → `{"size": <bytes>}` (compat §3,
 * SDK `os.getDownloadSize`): the raw image size of a published host OS release, which the
 * catalog gives per release or per device type (os-release-catalog.ts, carried on the release as
 * DOWNLOAD_SIZE_TAG by the seed). `version` is a release's raw version (`2.115.1+rev1.prod`), its
 * version without the variant (`2.115.1+rev1`), or `latest` (the SDK's default): the newest
 * final default-line release without a prerelease part.
 */

const downloadSizeParams = deviceTypeSlugParams.extend({ version: safeString(255).pipe(z.string().min(1)) });

interface SizedRelease {
  rawVersion: string;
  /** The catalog's version (the release tag `version`): a variant pair shares it. */
  version: string | undefined;
  size: number;
  /** A default-line release without a prerelease part: what `latest` may name. */
  latestCandidate: boolean;
}

/** The host releases of a device type, per host application newest first, with their sizes. */
async function sizedHostReleases(db: Db, deviceTypeSlug: string): Promise<SizedRelease[]> {
  const rows = await db
    .selectFrom('release as r')
    .innerJoin('application as a', 'a.id', 'r.belongs_to__application')
    .innerJoin('device_type as dt', 'dt.id', 'a.is_for__device_type')
    .select(['r.id', 'r.raw_version', 'r.variant', 'r.phase', 'a.id as app'])
    .where('dt.slug', '=', deviceTypeSlug)
    .where('a.is_host', '=', true)
    .where('a.is_archived', '=', false)
    .where('r.status', '=', 'success')
    .where('r.is_final', '=', true)
    .where('r.is_invalidated', '=', false)
    .execute();
  if (rows.length === 0) return [];
  const [releaseTags, appTags] = await Promise.all([
    db.selectFrom('release_tag').select(['release', 'tag_key', 'value']).where('release', 'in', rows.map((r) => r.id)).where('tag_key', 'in', [DOWNLOAD_SIZE_TAG, 'version']).execute(),
    db.selectFrom('application_tag').select(['application', 'tag_key', 'value']).where('application', 'in', [...new Set(rows.map((r) => r.app))]).execute(),
  ]);
  const tagsOf = (release: number): Tag[] => releaseTags.filter((t) => t.release === release);
  const result: SizedRelease[] = [];
  for (const app of new Set(rows.map((r) => r.app))) {
    const policy = hostAppPolicy(appTags.filter((t) => t.application === app));
    const own: HostReleaseRow[] = rows.filter((r) => r.app === app);
    for (const release of osReleasesOf(own, policy)) {
      const tags = tagsOf(release.id);
      const size = Number(tags.find((t) => t.tag_key === DOWNLOAD_SIZE_TAG)?.value);
      result.push({
        rawVersion: release.rawVersion,
        version: tags.find((t) => t.tag_key === 'version')?.value,
        size: Number.isSafeInteger(size) && size > 0 ? size : DEFAULT_OS_IMAGE_BYTES,
        latestCandidate: policy.osType === 'default' && releaseVersionParts(release.rawVersion)?.prerelease === '',
      });
    }
  }
  return result;
}

/** The release `version` names among the device type's host releases (see the module comment). */
async function pickRelease(db: Db, deviceTypeSlug: string, version: string): Promise<SizedRelease | undefined> {
  const releases = await sizedHostReleases(db, deviceTypeSlug);
  if (version === 'latest') return releases.find((r) => r.latestCandidate);
  return releases.find((r) => r.rawVersion === version) ?? releases.find((r) => r.version === version);
}

export async function downloadSizeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/device-types/v1/:slug/images/:version/download-size', { config: { public: true }, schema: { params: downloadSizeParams } }, async (request) => {
    const { slug, version } = request.params;
    const userId = request.principal.kind === 'user' ? request.principal.userId : null;
    // A private type the caller cannot see answers as a type that does not exist.
    const [deviceType] = await listDeviceTypes(app.db, userId, slug);
    const release = deviceType ? await pickRelease(app.db, deviceType.slug, version) : undefined;
    if (!release) throw notFound(`No OS image ${version} for device type ${slug}`);
    return { size: release.size };
  });
}
