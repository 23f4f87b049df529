import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Stack } from './stack.ts';
import type { E2eUser } from './organizations.ts';

async function v7<T>(stack: Stack, user: E2eUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await stack.api(method, `/v7/${path}`, user.token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return (res.text ? res.json<T>() : undefined) as T;
}

/**
 * A successful release of `services`, made the way `balena deploy` makes it (release, then per
 * service its image and the link, then success); a fleet that tracks latest makes it the target
 * of its devices. Services the fleet already has are reused.
 */
export async function deployRelease(stack: Stack, user: E2eUser, fleetId: number, services: readonly string[], semver = '1.0.0'): Promise<{ id: number; commit: string }> {
  const commit = randomBytes(16).toString('hex');
  const release = await v7<{ id: number }>(stack, user, 'POST', 'release', {
    belongs_to__application: fleetId,
    commit,
    composition: { version: '2.1', services: Object.fromEntries(services.map((s) => [s, { image: s }])) },
    status: 'running',
    source: 'local',
    semver,
    start_timestamp: new Date().toISOString(),
  });
  for (const name of services) {
    const found = await v7<{ d: Array<{ id: number }> }>(stack, user, 'GET', `service?$select=id&$filter=application eq ${fleetId} and service_name eq '${name}'`);
    const serviceId = found.d[0]?.id ?? (await v7<{ id: number }>(stack, user, 'POST', 'service', { application: fleetId, service_name: name })).id;
    const image = await v7<{ id: number }>(stack, user, 'POST', 'image', { is_a_build_of__service: serviceId, status: 'running', start_timestamp: new Date().toISOString() });
    await v7(stack, user, 'PATCH', `image(${image.id})`, { status: 'success', end_timestamp: new Date().toISOString() });
    await v7(stack, user, 'POST', 'image__is_part_of__release', { is_part_of__release: release.id, image: image.id });
  }
  await v7(stack, user, 'PATCH', `release(${release.id})`, { status: 'success', end_timestamp: new Date().toISOString() });
  return { id: release.id, commit };
}

/** How many of the device's services it reports running (its image installs). */
export async function runningInstalls(stack: Stack, uuid: string): Promise<number> {
  const rows = await stack.app.db
    .selectFrom('image_install')
    .innerJoin('device', 'device.id', 'image_install.device')
    .select('image_install.id')
    .where('device.uuid', '=', uuid)
    .where('image_install.status', '=', 'Running')
    .execute();
  return rows.length;
}
