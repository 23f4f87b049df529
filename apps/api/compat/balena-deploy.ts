// The calls `balena deploy` makes (compat/balena-api.md §8, balena-cli 25.2.6 with its
// @balena/compose release helpers), sent by the unmodified balena-sdk through `sdk.pine` and
// `sdk.request`: release → services (get-or-create) → images → image-release links → labels
// and environment → the previous release's repositories → registry token → image PATCHes →
// release PATCH. The docker push itself is the caller's (`push`: skopeo to a real registry).
import { randomBytes } from 'node:crypto';
import type { Sdk } from './sdk-fixtures.ts';

export interface DeployService {
  name: string;
  labels?: Record<string, string>;
  environment?: Record<string, string>;
}

export interface DeployOptions {
  services: DeployService[];
  semver?: string;
  isDraft?: boolean;
  /** Stop before the PATCHes: the release stays "running", as while a push is under way. */
  unfinished?: boolean;
  /**
   * The docker push of one image to its location (skopeo to the test registry); answers what the
   * CLI then records. Without it the push is skipped and a made-up digest is recorded.
   */
  push?: (location: string) => Promise<{ contentHash: string; size: number }>;
}

export interface Deployed {
  releaseId: number;
  commit: string;
  images: { service: string; imageId: number; releaseImageId: number; location: string }[];
  previous: { id: number; release_image: { id: number; image: { is_stored_at__image_location: string }[] }[] }[];
  registryToken: string;
}

interface Row {
  id: number;
}

export async function balenaDeploy(sdk: Sdk, apiUrl: string, fleetId: number, options: DeployOptions): Promise<Deployed> {
  const pine = sdk.pine as unknown as {
    get(params: unknown): Promise<unknown>;
    post(params: unknown): Promise<unknown>;
    patch(params: unknown): Promise<unknown>;
    getOrCreate(params: unknown): Promise<unknown>;
  };
  const { id: userId } = await sdk.auth.getUserInfo();
  await pine.get({ resource: 'user', id: userId, options: { $select: 'id' } });
  await pine.get({ resource: 'application', id: fleetId, options: { $select: 'id' } });

  const commit = randomBytes(16).toString('hex');
  const composition = { version: '2.4', services: Object.fromEntries(options.services.map((s) => [s.name, { build: `./${s.name}`, labels: s.labels ?? {} }])) };
  const release = (await pine.post({
    resource: 'release',
    body: {
      belongs_to__application: fleetId,
      is_created_by__user: userId,
      composition,
      commit,
      status: 'running',
      source: 'local',
      start_timestamp: new Date().toISOString(),
      is_final: !options.isDraft,
      ...(options.semver ? { semver: options.semver } : {}),
    },
  })) as Row;

  const images: Deployed['images'] = [];
  for (const s of options.services) {
    const service = (await pine.getOrCreate({
      resource: 'service',
      id: { application: fleetId, service_name: s.name },
      body: { application: fleetId, service_name: s.name },
    })) as Row;
    const image = (await pine.post({
      resource: 'image',
      body: { is_a_build_of__service: service.id, status: 'running', start_timestamp: new Date().toISOString() },
    })) as Row & { is_stored_at__image_location: string };
    const link = (await pine.post({ resource: 'image__is_part_of__release', body: { is_part_of__release: release.id, image: image.id } })) as Row;
    for (const [label_name, value] of Object.entries(s.labels ?? {})) {
      await pine.post({ resource: 'image_label', body: { release_image: link.id, label_name, value } });
    }
    for (const [name, value] of Object.entries(s.environment ?? {})) {
      await pine.post({ resource: 'image_environment_variable', body: { release_image: link.id, name, value } });
    }
    images.push({ service: s.name, imageId: image.id, releaseImageId: link.id, location: image.is_stored_at__image_location });
  }

  // The last successful release's repositories: the CLI asks pull access to them for layer reuse.
  const previous = (await pine.get({
    resource: 'release',
    options: {
      $select: 'id',
      $filter: { belongs_to__application: fleetId, status: 'success' },
      $expand: { release_image: { $select: 'id', $expand: { image: { $select: 'is_stored_at__image_location' } } } },
      $orderby: 'id desc',
      $top: 1,
    },
  })) as Deployed['previous'];

  const repo = (location: string) => location.slice(location.indexOf('/') + 1);
  const registry = images[0]!.location.split('/')[0]!;
  const scopes = [
    ...images.map((i) => `repository:${repo(i.location)}:pull,push`),
    ...previous.flatMap((r) => r.release_image.map((ri) => `repository:${repo(ri.image[0]!.is_stored_at__image_location)}:pull`)),
  ];
  const tokenAnswer = await sdk.request.send({
    method: 'GET',
    baseUrl: apiUrl,
    url: `/auth/v1/token?service=${encodeURIComponent(registry)}&${scopes.map((s) => `scope=${encodeURIComponent(s)}`).join('&')}`,
  });
  const registryToken = (tokenAnswer.body as { token: string }).token;

  if (!options.unfinished) {
    for (const image of images) {
      const pushed = options.push ? await options.push(image.location) : { contentHash: `sha256:${randomBytes(32).toString('hex')}`, size: 12_345_678 };
      const now = new Date().toISOString();
      await pine.patch({
        resource: 'image',
        id: image.imageId,
        body: {
          status: 'success',
          end_timestamp: now,
          push_timestamp: now,
          image_size: pushed.size,
          content_hash: pushed.contentHash,
          dockerfile: 'FROM alpine\nCMD ["sleep", "infinity"]\n',
        },
      });
    }
    await pine.patch({ resource: 'release', id: release.id, body: { status: 'success', end_timestamp: new Date().toISOString() } });
  }
  return { releaseId: release.id, commit, images, previous, registryToken };
}
