import { describe, expect, it } from 'vitest';
import { avatarUrlFor, emailHash, initialsOf } from './avatar.ts';

describe('avatar', () => {
  it('hashes the trimmed lower-case email with SHA-256', async () => {
    const hash = await emailHash('  Ada@Example.com ');
    expect(hash).toBe(await emailHash('ada@example.com'));
    expect(hash).toBe('b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72');
  });

  it('fills the template, or gives none without template or hash', () => {
    expect(avatarUrlFor('https://avatars.example/{hash}?d=404&h={hash}', 'abc')).toBe('https://avatars.example/abc?d=404&h=abc');
    expect(avatarUrlFor(null, 'abc')).toBeNull();
    expect(avatarUrlFor('https://a/{hash}', null)).toBeNull();
  });

  it('uses name initials, else the username initial', () => {
    expect(initialsOf('ada', 'Lovelace', 'u_123')).toBe('AL');
    expect(initialsOf(null, null, 'gh_ada')).toBe('G');
    expect(initialsOf(' ', '', 'x')).toBe('X');
  });
});
