import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.ts';

/** Fixtures of the variables → target state tests: releases of several services, devices with keys, a /v7 caller. */

export interface PolledDevice {
  id: number;
  uuid: string;
  apiKey: string;
}

/** A /v7 (or any JSON) call with `key` through inject; a non-2xx answer fails the test. */
export function createApi(app: FastifyInstance, key: string) {
  return async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>): Promise<T> => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return (res.body ? res.json() : {}) as T;
  };
}

/** A successful release with one image per service (services found or created by name). */
export async function releaseWithServices(
  db: Db,
  applicationId: number,
  names: string[],
): Promise<{ releaseId: number; commit: string; serviceIds: Record<string, number>; imageIds: Record<string, number>; imageLocations: Record<string, string> }> {
  const commit = randomBytes(16).toString('hex');
  const release = await db
    .insertInto('release')
    .values({
      belongs_to__application: applicationId,
      commit,
      status: 'success',
      composition: JSON.stringify({ services: Object.fromEntries(names.map((n) => [n, { build: `./${n}` }])) }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const serviceIds: Record<string, number> = {};
  const imageIds: Record<string, number> = {};
  const imageLocations: Record<string, string> = {};
  for (const name of names) {
    const existing = await db.selectFrom('service').select('id').where('application', '=', applicationId).where('service_name', '=', name).executeTakeFirst();
    const serviceId = existing?.id ?? (await db.insertInto('service').values({ application: applicationId, service_name: name }).returning('id').executeTakeFirstOrThrow()).id;
    imageLocations[name] = `registry.local/v2/${randomBytes(8).toString('hex')}`;
    const image = await db
      .insertInto('image')
      .values({ is_a_build_of__service: serviceId, is_stored_at__image_location: imageLocations[name], status: 'success' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('release_image').values({ image: image.id, is_part_of__release: release.id }).execute();
    serviceIds[name] = serviceId as number;
    imageIds[name] = image.id as number;
  }
  return { releaseId: release.id as number, commit, serviceIds, imageIds, imageLocations };
}
