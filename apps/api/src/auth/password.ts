import argon2 from 'argon2';

/** argon2id password hashes (DESIGN.md "Identity"). */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against `hash`. With no hash (unknown user, or an account without a
 * password) it still runs one verification against a throw-away hash, so the response time
 * does not reveal whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A corrupt stored hash is a failed sign-in, not a server error.
    return false;
  }
}
