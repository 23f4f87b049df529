import { randomBytes } from 'node:crypto';
import { parseSemver } from '@flotilla/core/release-version';
import { ApiError, createApiClient, odataString, type ApiClient } from './api-client.ts';
import { CliError } from './errors.ts';
import { parseCompose, type ComposeProject, type ComposeService } from './compose.ts';
import { resolveServiceImages, type ServiceImage } from './image-refs.ts';
import { pushImage, requireSkopeo, type PushedImage } from './image-push.ts';

/**
 * `flotilla release create` as a function (the CLI, the demo seed and the tests call it):
 * the calls `balena deploy` makes (compat/balena-api.md §8), with given images instead of a
 * build. With `push`, each image is copied into the repository the server assigned it, as
 * balena deploy's docker push does; without, the references are recorded as they are (a device
 * with a registry cannot pull those). Everything is validated before the first write;
 * once the release exists, a failure marks it and its images failed, as balena deploy does,
 * so no release is left "running" by a command that gave up.
 */

export interface CreateReleaseOptions {
  /** API origin, e.g. http://127.0.0.1:8080. */
  api: string;
  /** A user's session JWT or API key. */
  token: string;
  /** Fleet slug (`org/name`) or numeric id. */
  fleet: string | number;
  /** The docker-compose document (text), or one already parsed. */
  compose: string | ComposeProject;
  /** service name → image reference (or, with push, a local `oci:`/`oci-archive:`/`docker-archive:` source); wins over the compose file's `image:`. */
  images?: Record<string, string>;
  /**
   * Copy each image into the server's registry (skopeo). `'auto'` pushes when the server
   * publishes a registry (GET /config `registryUrl`), as the CLI does by default; unset = false.
   */
  push?: boolean | 'auto';
  /** Three-part semver; the server derives raw_version, revision and the semver parts. */
  version?: string;
  /** A draft is not final (is_final false): it can be finalized later. */
  draft?: boolean;
  note?: string;
  fetch?: typeof fetch;
}

export interface CreatedRelease {
  id: number;
  commit: string;
  rawVersion: string | null;
  status: string;
  fleet: { id: number; slug: string };
  /** Whether the images were pushed into the server's registry. */
  pushed: boolean;
  images: { service: string; serviceId: number; imageId: number; location: string | null; contentHash?: string; size?: number }[];
}

interface Created {
  id: number;
}

export async function createRelease(options: CreateReleaseOptions): Promise<CreatedRelease> {
  const project = typeof options.compose === 'string' ? parseCompose(options.compose) : options.compose;
  if (options.version !== undefined && !parseSemver(options.version)) throw new CliError(`--version "${options.version}" is not a semver version such as 1.2.3`);
  const api = createApiClient({ api: options.api, token: options.token, fetch: options.fetch });
  const registryUrl = options.push ? await publishedRegistry(api, options.push) : null;
  const images = resolveServiceImages(project, options.images ?? {}, registryUrl !== null);
  if (registryUrl !== null) await requireSkopeo();

  const userId = await deployingUser(api);
  const fleet = await findFleet(api, options.fleet);
  const commit = randomBytes(16).toString('hex');
  const release = await api.post<Created>('/v7/release', {
    belongs_to__application: fleet.id,
    is_created_by__user: userId,
    composition: compositionWithImages(project, images),
    commit,
    status: 'running',
    source: 'local',
    start_timestamp: new Date().toISOString(),
    is_final: !options.draft,
    ...(options.version !== undefined ? { semver: options.version } : {}),
  });

  const created: CreatedRelease['images'] = [];
  try {
    for (const service of project.services) {
      await addServiceImage(api, fleet.id, release.id, service, created);
    }
    for (const image of created) {
      const ref = images.find((i) => i.service === image.service)!;
      // Pushed now, or already in a registry before this command ran (then a pinned digest is the content hash).
      const pushed = registryUrl !== null ? await pushTo(image, ref, registryUrl, options.token) : undefined;
      const contentHash = pushed?.digest ?? ref.digest;
      if (contentHash) image.contentHash = contentHash;
      if (pushed) image.size = pushed.size;
      const now = new Date().toISOString();
      await api.patch(`/v7/image(${image.imageId})`, {
        status: 'success',
        end_timestamp: now,
        push_timestamp: now,
        ...(contentHash ? { content_hash: contentHash } : {}),
        ...(pushed ? { image_size: pushed.size } : {}),
      });
    }
    await api.patch(`/v7/release(${release.id})`, { status: 'success', end_timestamp: new Date().toISOString() });
  } catch (err) {
    await markFailed(api, release.id, created);
    throw err;
  }
  if (options.note !== undefined) await api.patch(`/v7/release(${release.id})`, { note: options.note });

  const [saved] = (await api.get<{ d: { id: number; commit: string; raw_version: string | null; status: string }[] }>(`/v7/release(${release.id})?$select=id,commit,raw_version,status`)).d;
  if (!saved) throw new ApiError(`release ${release.id} was created but cannot be read back`, 404);
  return { id: saved.id, commit: saved.commit, rawVersion: saved.raw_version, status: saved.status, fleet, pushed: registryUrl !== null, images: created };
}

/** The registry the server publishes; null when it has none and push is only `'auto'`. */
async function publishedRegistry(api: ApiClient, push: true | 'auto'): Promise<string | null> {
  const config = await api.get<{ registryUrl?: string | null }>('/config');
  const registryUrl = typeof config.registryUrl === 'string' && config.registryUrl !== '' ? config.registryUrl : null;
  if (registryUrl === null && push === true) throw new CliError('--push: the server has no registry to push to (its REGISTRY_URL is not set)');
  return registryUrl;
}

async function pushTo(image: CreatedRelease['images'][number], ref: ServiceImage, registryUrl: string, token: string): Promise<PushedImage> {
  if (!image.location) throw new ApiError(`the server assigned service "${image.service}" no image location to push to`, 0);
  return pushImage(ref.source, image.location, { registryUrl, token });
}

/** balena deploy names the deploying user on the release; only a user's token can deploy. */
async function deployingUser(api: ApiClient): Promise<number> {
  const me = await api.get<{ actorType?: string; actorTypeId?: number }>('/actor/v1/whoami');
  if (me.actorType !== 'user' || typeof me.actorTypeId !== 'number') {
    throw new ApiError(`the token belongs to a ${me.actorType ?? 'non-user'} actor: use a user's session token or API key`, 403);
  }
  await api.get(`/v7/user(${me.actorTypeId})?$select=id`);
  return me.actorTypeId;
}

async function findFleet(api: ApiClient, fleet: string | number): Promise<{ id: number; slug: string }> {
  const isId = typeof fleet === 'number' || /^\d+$/.test(fleet);
  const path = isId
    ? `/v7/application(${Number(fleet)})?$select=id,slug`
    : `/v7/application?$select=id,slug&$filter=${encodeURIComponent(`slug eq ${odataString(String(fleet).toLowerCase())}`)}`;
  const [found] = (await api.get<{ d: { id: number; slug: string }[] }>(path)).d;
  // A fleet the caller cannot see answers like a missing one.
  if (!found) throw new ApiError(`fleet "${fleet}" not found`, 404);
  return found;
}

/**
 * Service get-or-create, image, image-release link, then its labels and environment. The image
 * joins `created` as soon as it exists, so a failure after it still marks it failed.
 */
async function addServiceImage(api: ApiClient, fleetId: number, releaseId: number, service: ComposeService, created: CreatedRelease['images']): Promise<void> {
  const key = `application=${fleetId},service_name=${encodeURIComponent(odataString(service.name))}`;
  const [existing] = (await api.get<{ d: Created[] }>(`/v7/service(${key})?$select=id`)).d;
  const serviceId = existing?.id ?? (await api.post<Created>('/v7/service', { application: fleetId, service_name: service.name })).id;
  const row = await api.post<Created & { is_stored_at__image_location?: string | null }>('/v7/image', {
    is_a_build_of__service: serviceId,
    status: 'running',
    start_timestamp: new Date().toISOString(),
  });
  created.push({ service: service.name, serviceId, imageId: row.id, location: row.is_stored_at__image_location ?? null });
  const link = await api.post<Created>('/v7/image__is_part_of__release', { is_part_of__release: releaseId, image: row.id });
  for (const [label_name, value] of Object.entries(service.labels)) {
    await api.post('/v7/image_label', { release_image: link.id, label_name, value });
  }
  for (const [name, value] of Object.entries(service.environment)) {
    await api.post('/v7/image_environment_variable', { release_image: link.id, name, value });
  }
}

/**
 * The composition records the image each service runs: a registry reference replaces `image:`.
 * A local source (a path on this machine) means nothing elsewhere: that service stays as the
 * compose file wrote it, as balena deploy keeps `build:`.
 */
function compositionWithImages(project: ComposeProject, images: ServiceImage[]): Record<string, unknown> {
  const services = project.composition.services as Record<string, Record<string, unknown>>;
  return {
    ...project.composition,
    services: Object.fromEntries(
      Object.entries(services).map(([name, body]) => {
        const image = images.find((i) => i.service === name)!;
        return [name, image.local ? body : { ...body, image: image.ref }];
      }),
    ),
  };
}

async function markFailed(api: ApiClient, releaseId: number, images: CreatedRelease['images']): Promise<void> {
  const end_timestamp = new Date().toISOString();
  // Best effort: the original error is the one to report.
  for (const image of images) await api.patch(`/v7/image(${image.imageId})`, { status: 'failed', end_timestamp }).catch(() => undefined);
  await api.patch(`/v7/release(${releaseId})`, { status: 'failed', end_timestamp }).catch(() => undefined);
}
