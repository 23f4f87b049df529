// Releases for the release detail browser spec, made through the public API in the order
// `balena deploy` makes them (release → services → images → image-release links → image
// PATCHes → release PATCH), plus tags and assets as a client adds them.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { E2eUser } from '../support/organizations.ts';
import type { Stack } from '../support/stack.ts';

export interface ServiceSpec {
  name: string;
  /** The Dockerfile recorded on its image; none when omitted. */
  dockerfile?: string;
}

export interface ReleaseSpec {
  services: ServiceSpec[];
  semver?: string;
  isDraft?: boolean;
  /** The final status (success unless given). */
  status?: 'success' | 'failed';
  buildLog?: string;
  knownIssues?: string;
  note?: string;
  /** Files uploaded as balena-sdk's asset.upload does (multipart POST /v7/release_asset). */
  assets?: Array<{ key: string; content: string; type: string }>;
}

export interface CreatedRelease {
  id: number;
  commit: string;
}

async function call<T>(stack: Stack, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await stack.api(method, `/v7/${path}`, token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return (res.text === '' || res.text === 'OK' ? undefined : res.json<T>()) as T;
}

export async function createRelease(stack: Stack, user: E2eUser, fleetId: number, spec: ReleaseSpec): Promise<CreatedRelease> {
  const commit = randomBytes(16).toString('hex');
  const composition = { version: '2.4', services: Object.fromEntries(spec.services.map((s) => [s.name, { build: `./${s.name}`, restart: 'always' }])) };
  const release = await call<{ id: number }>(stack, user.token, 'POST', 'release', {
    belongs_to__application: fleetId,
    is_created_by__user: user.userId,
    composition,
    commit,
    status: 'running',
    source: 'cloud',
    start_timestamp: new Date().toISOString(),
    is_final: !spec.isDraft,
    ...(spec.semver ? { semver: spec.semver } : {}),
  });
  for (const s of spec.services) {
    const existing = await call<{ d: Array<{ id: number }> }>(stack, user.token, 'GET', `service?$select=id&$filter=application eq ${fleetId} and service_name eq '${s.name}'`);
    const service = existing.d[0] ?? (await call<{ id: number }>(stack, user.token, 'POST', 'service', { application: fleetId, service_name: s.name }));
    const image = await call<{ id: number }>(stack, user.token, 'POST', 'image', { is_a_build_of__service: service.id, status: 'running', start_timestamp: new Date().toISOString() });
    await call(stack, user.token, 'POST', 'image__is_part_of__release', { is_part_of__release: release.id, image: image.id });
    const now = new Date().toISOString();
    await call(stack, user.token, 'PATCH', `image(${image.id})`, {
      status: spec.status === 'failed' ? 'failed' : 'success',
      end_timestamp: now,
      push_timestamp: now,
      image_size: 5 * 1024 * 1024,
      ...(s.dockerfile ? { dockerfile: s.dockerfile } : {}),
    });
  }
  await call(stack, user.token, 'PATCH', `release(${release.id})`, {
    status: spec.status ?? 'success',
    end_timestamp: new Date().toISOString(),
    ...(spec.buildLog !== undefined ? { build_log: spec.buildLog } : {}),
    ...(spec.knownIssues !== undefined ? { known_issue_list: spec.knownIssues } : {}),
    ...(spec.note !== undefined ? { note: spec.note } : {}),
  });
  for (const asset of spec.assets ?? []) {
    const form = new FormData();
    form.append('release', String(release.id));
    form.append('asset_key', asset.key);
    form.append('asset', new Blob([asset.content], { type: asset.type }), asset.key.split('/').at(-1));
    const res = await fetch(`${stack.url}/v7/release_asset`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` }, body: form });
    expect(res.status, `upload ${asset.key}: ${await res.clone().text()}`).toBe(201);
  }
  return { id: release.id, commit };
}

/** Points the fleet at the release (its target: the release cannot be deleted then). */
export async function pinFleet(stack: Stack, user: E2eUser, fleetId: number, releaseId: number): Promise<void> {
  await call(stack, user.token, 'PATCH', `application(${fleetId})`, { should_track_latest_release: false, should_be_running__release: releaseId });
}

/** The release's row as the database has it. */
export function storedRelease(stack: Stack, id: number) {
  return stack.app.db
    .selectFrom('release')
    .select(['is_final', 'is_invalidated', 'known_issue_list', 'note', 'semver'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function storedTags(stack: Stack, id: number): Promise<Array<{ tag_key: string; value: string }>> {
  const rows = await stack.app.db.selectFrom('release_tag').select(['tag_key', 'value']).where('release', '=', id).orderBy('tag_key').execute();
  return rows.map((r) => ({ tag_key: r.tag_key as string, value: r.value as string }));
}
