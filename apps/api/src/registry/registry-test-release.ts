import { randomBytes } from 'node:crypto';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import type { TestFleetWithKey } from '../devices/device-test-factories.ts';

/**
 * What the registry tests do through the public API of a listening server, as `balena deploy`
 * does (compat §8): a running release, a service and its image (whose location the server
 * assigns), the image-release link; after the push, the image and the release marked success.
 */

export async function callApi<T = Record<string, unknown>>(apiUrl: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export interface TestRegistryRelease {
  releaseId: number;
  imageId: number;
  /** `<registry host>/v2/<hash>`: where the image is pushed. */
  location: string;
}

export async function startRelease(apiUrl: string, fleet: TestFleetWithKey, key: string): Promise<TestRegistryRelease> {
  const serviceName = `main${randomBytes(3).toString('hex')}`;
  const release = await callApi<{ id: number }>(apiUrl, key, 'POST', '/v7/release', {
    belongs_to__application: fleet.applicationId,
    commit: randomBytes(16).toString('hex'),
    composition: { version: '2.1', services: { [serviceName]: { image: serviceName } } },
    status: 'running',
    source: 'local',
    start_timestamp: new Date().toISOString(),
  });
  const service = await callApi<{ id: number }>(apiUrl, key, 'POST', '/v7/service', { application: fleet.applicationId, service_name: serviceName });
  const image = await callApi<{ id: number; is_stored_at__image_location: string }>(apiUrl, key, 'POST', '/v7/image', {
    is_a_build_of__service: service.id,
    status: 'running',
    start_timestamp: new Date().toISOString(),
  });
  await callApi(apiUrl, key, 'POST', '/v7/image__is_part_of__release', { is_part_of__release: release.id, image: image.id });
  return { releaseId: release.id, imageId: image.id, location: image.is_stored_at__image_location };
}

/** After the push: the image's digest and size, then the release's success (the end of `balena deploy`). */
export async function finishRelease(apiUrl: string, key: string, release: TestRegistryRelease, pushed: { manifestDigest: string; blobBytes: number }): Promise<void> {
  const now = new Date().toISOString();
  await callApi(apiUrl, key, 'PATCH', `/v7/image(${release.imageId})`, {
    status: 'success',
    end_timestamp: now,
    push_timestamp: now,
    content_hash: pushed.manifestDigest,
    image_size: pushed.blobBytes,
  });
  await callApi(apiUrl, key, 'PATCH', `/v7/release(${release.releaseId})`, { status: 'success', end_timestamp: now });
}

export async function registerDevice(apiUrl: string, fleet: TestFleetWithKey): Promise<{ uuid: string; apiKey: string }> {
  const uuid = randomBytes(16).toString('hex');
  const apiKey = generateApiKeySecret();
  await callApi(apiUrl, fleet.provisioningKey, 'POST', '/device/register', { uuid, device_type: 'raspberrypi4-64', api_key: apiKey });
  return { uuid, apiKey };
}
