import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';

/** An API key with whatever owns its actor: a user, a fleet (application) or a device. */
export interface ApiKeyOwnerRow {
  key_id: number;
  actor: number;
  expiry_date: Date | string | null;
  user_id: number | null;
  username: string | null;
  email: string | null;
  is_platform_admin: boolean | null;
  is_support_agent: boolean | null;
  application_id: number | null;
  device_id: number | null;
  device_application_id: number | null;
  device_uuid: string | null;
  device_is_frozen: boolean | null;
}

/**
 * The API keys with these hashes and their owners, for the requests of one turn at once
 * (auth/credential-reads.ts): every request made with an API key starts here (devices' reports
 * and log uploads, the SDK and CLI).
 */
export async function findApiKeyOwners(db: Db, keyHashes: readonly string[]): Promise<Array<ApiKeyOwnerRow & { key_hash: string }>> {
  return db
    .selectFrom('api_key as k')
    .leftJoin('user as u', 'u.actor', 'k.is_of__actor')
    .leftJoin('application as a', 'a.actor', 'k.is_of__actor')
    .leftJoin('device as d', 'd.actor', 'k.is_of__actor')
    .select([
      'k.key_hash',
      'k.id as key_id',
      'k.is_of__actor as actor',
      'k.expiry_date',
      'u.id as user_id',
      'u.username',
      'u.email',
      'u.is_platform_admin',
      'u.is_support_agent',
      'a.id as application_id',
      'd.id as device_id',
      'd.belongs_to__application as device_application_id',
      'd.uuid as device_uuid',
      'd.is_frozen as device_is_frozen',
    ])
    .where(sql<boolean>`k.key_hash = ANY(${keyHashes}::text[])`)
    .modifyEnd(preparedStatement)
    .execute();
}
