import { z } from 'zod';
import { clientChosenKey, idLike, idParam, isoDateString, objectBody, requiredString, safeString } from './primitives.ts';

/** API key minting requests (compat §3.5); listing, renaming and revoking are OData on `api_key`. */
const TEXT_MAX = 1000;
const text = safeString(TEXT_MAX);
/** ISO date, or null for a key that never expires. Whether it lies in the future is the service's rule. */
const expiryDate = isoDateString.nullable();

/** POST /api-key/user/full. */
export const userApiKeyBody = objectBody({
  name: requiredString('name', 200, { trim: true }),
  description: text.nullish(),
  expiryDate: expiryDate.optional(),
});

/** POST /api-key/v2/ (the SDK's provisioning and device keys; `roles` is sent and not needed). */
export const apiKeyV2Body = objectBody({
  actorType: z.enum(['application', 'device', 'user']),
  actorTypeId: idLike,
  roles: z.array(safeString(100)).max(20).optional(),
  name: text.nullish(),
  description: text.nullish(),
  // Mandatory in v2 (compat §3.5), null = never expires.
  expiryDate,
  apiKey: clientChosenKey.optional(),
});

/** POST /api-key/device/:id/device-key (SDK, and the supervisor's key exchange with `apiKey`) and the legacy provisioning route. */
export const apiKeyBody = objectBody({
  name: text.nullish(),
  description: text.nullish(),
  expiryDate: expiryDate.optional(),
  apiKey: clientChosenKey.optional(),
});

export const idParams = z.object({ id: idParam });
