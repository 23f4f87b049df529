import type DataLoader from 'dataloader';
import type { Db } from '../db/database.ts';
import { keyedTurnBatchLoader } from '../db/turn-batch.ts';
import { findUsersByIds, type UserAuthRow } from './auth.repository.ts';
import { findApiKeyOwners, type ApiKeyOwnerRow } from './credentials.repository.ts';

/**
 * The two reads every authenticated request starts with (credentials.ts): the user a session
 * token names, and the owner of an API key. Each is shared by the requests of one turn of the
 * event loop (db/turn-batch.ts): a dashboard's batch action sends 50 requests at once, a fleet's
 * devices report together. Nothing is kept between requests, so a revoked key or a rotated
 * session secret is refused by the very next request.
 */
export class CredentialReads {
  private readonly users: DataLoader<number, UserAuthRow | undefined>;
  private readonly keyOwners: DataLoader<string, ApiKeyOwnerRow | undefined>;

  constructor(db: Db) {
    this.users = keyedTurnBatchLoader((ids) => findUsersByIds(db, ids), (u) => u.id);
    this.keyOwners = keyedTurnBatchLoader((hashes) => findApiKeyOwners(db, hashes), (k) => k.key_hash);
  }

  user(id: number): Promise<UserAuthRow | undefined> {
    return this.users.load(id);
  }

  /** The API key with this hash and whatever owns its actor (a user, a fleet or a device). */
  apiKeyOwner(keyHash: string): Promise<ApiKeyOwnerRow | undefined> {
    return this.keyOwners.load(keyHash);
  }
}
