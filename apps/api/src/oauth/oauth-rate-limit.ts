import type { Limit } from '../auth/attempt-limits.ts';
import { addressKey } from '../auth/client-address.ts';

/**
 * Limits on the OAuth routes (DESIGN "Rate limits on every sign-in path"), counted in the
 * database through auth/attempt-limits.ts `claimAttempt`, so they hold across replicas.
 */
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Every consent given by a user (each one mints a code): a runaway page or script is cut off. */
export const authorizeLimits = (userId: number): Limit[] => [{ bucket: `oauth-authorize:u${userId}`, max: 30, windowMs: FIFTEEN_MINUTES }];

/**
 * Failed token requests per client address (wrong secrets, codes or verifiers): the attempt is
 * counted first and taken back when a token is issued.
 */
export const tokenFailureLimits = (ip: string): Limit[] => [{ bucket: `oauth-token:${addressKey(ip)}`, max: 30, windowMs: FIFTEEN_MINUTES }];

/** Applications registered per user. */
export const registerLimits = (userId: number): Limit[] => [{ bucket: `oauth-register:u${userId}`, max: 20, windowMs: 60 * 60 * 1000 }];
