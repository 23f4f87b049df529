/**
 * Who is calling. Resolved once per request by the auth plugin from a JWT, an API key
 * (`Authorization: Bearer …` or `?apikey=`), or nothing. Permission rules compile against it.
 */
export type Principal =
  | { kind: 'anonymous' }
  /** Internal calls made by the server itself (seeding, jobs): no row conditions. */
  | { kind: 'system' }
  | {
      kind: 'user';
      actorId: number;
      userId: number;
      username: string;
      email: string | null;
      /** 'jwt' for a session token, 'api_key' for a named user API key. */
      via: 'jwt' | 'api_key';
      /** Platform staff flags (accounts spec §6): give balena_admin / support_agent. */
      isSupportAgent?: boolean;
      isAdmin?: boolean;
    }
  /** A provisioning key: acts for one fleet. */
  | { kind: 'application'; actorId: number; applicationId: number }
  /** A device key: acts for one device. */
  | {
      kind: 'device';
      actorId: number;
      deviceId: number;
      applicationId: number | null;
      /** The device's uuid, read with its key (saves the device-only routes a lookup); absent on hand-built principals. */
      uuid?: string;
      /** True for a frozen device (provisioned beyond the free allowance): device-frozen.ts says what it may still do. */
      isFrozen?: boolean;
    };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
export const SYSTEM: Principal = { kind: 'system' };
