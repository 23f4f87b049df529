import { describe, expect, it } from 'vitest';
import { hashPassword, TEST_PASSWORD_HASH_COST, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are argon2id at argon2’s default cost unless a cost is given', async () => {
    expect(await hashPassword('correct horse battery')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  });

  it('take the given cost, and verify whatever cost made them', async () => {
    const cheap = await hashPassword('correct horse battery', TEST_PASSWORD_HASH_COST);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(cheap, 'correct horse battery!')).toBe(false);
  });

  it('refuse a missing or corrupt hash without throwing', async () => {
    expect(await verifyPassword(null, 'anything', TEST_PASSWORD_HASH_COST)).toBe(false);
    expect(await verifyPassword('$argon2id$not-a-hash', 'anything')).toBe(false);
  });
});
