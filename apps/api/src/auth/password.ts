import argon2 from 'argon2';

/**
 * How much work one argon2id hash takes. Unset, argon2's own defaults: 64 MiB, 3 passes, 4
 * lanes, stronger than OWASP's least argon2id setting (19 MiB, 2 passes, 1 lane). A stored hash
 * names its own cost, so verifying never depends on this; only new hashes do.
 */
export interface PasswordHashCost {
  /** KiB of memory. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The least work argon2id accepts, for test servers only (test/harness.ts): a sign-up there
 * costs a millisecond instead of a third of a second, and the suites sign up thousands of
 * users. Never read from the environment, so no deployment can choose it by accident.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** argon2id password hashes (DESIGN.md "Identity"). */
export async function hashPassword(password: string, cost?: PasswordHashCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Verifies `password` against `hash`. With no hash (unknown user, or an account without a
 * password) it still runs one verification against a throw-away hash of the same cost as new
 * ones (`cost`), so the response time does not reveal whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string, cost?: PasswordHashCost): Promise<boolean> {
  if (!hash) {
    const key = JSON.stringify(cost ?? null);
    let dummy = dummyHashes.get(key);
    if (!dummy) dummyHashes.set(key, (dummy = hashPassword('not-a-real-password', cost)));
    await argon2.verify(await dummy, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A corrupt stored hash is a failed sign-in, not a server error.
    return false;
  }
}
