import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { signUp, type TestUser } from '../auth/test-helpers.ts';
import { createFleetWithProvisioningKey, createUserWithKey, newDeviceUuid, type TestFleetWithKey } from '../devices/device-test-factories.ts';

/**
 * The callers the boundary tests (route schemas, fuzzing) need: a signed-in user (fresh
 * session, so "recently authenticated" routes get past their guard), a fleet administrator's
 * API key, the fleet's provisioning key and a registered device with its key. With these,
 * a request that gets past validation reaches the handler and the database for real.
 */
export interface BoundaryWorld {
  user: TestUser;
  fleet: TestFleetWithKey;
  adminKey: string;
  device: { id: number; uuid: string; key: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createBoundaryWorld(app: FastifyInstance, db: Db): Promise<BoundaryWorld> {
  const user = await signUp(app);
  const fleet = await createFleetWithProvisioningKey(db);
  const { apiKey: adminKey } = await createUserWithKey(db, fleet.applicationId, 'administrator');
  const uuid = newDeviceUuid();
  const key = generateApiKeySecret();
  const res = await app.inject({
    method: 'POST',
    url: '/device/register',
    headers: bearer(fleet.provisioningKey),
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: key },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, fleet, adminKey, device: { id: (res.json() as { id: number }).id, uuid, key } };
}
