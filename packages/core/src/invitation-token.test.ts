import { describe, expect, it } from 'vitest';
import { decodeInvitationToken, encodeInvitationToken } from './invitation-token.ts';

describe('invitation tokens', () => {
  it('round-trips the resource and a name with any characters', () => {
    const token = encodeInvitationToken({ resource: 'organization', name: 'Acme ☃ / Robotics' }, 'c2VjcmV0');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.c2VjcmV0$/);
    expect(decodeInvitationToken(token)).toEqual({ resource: 'organization', name: 'Acme ☃ / Robotics' });
  });

  it.each([
    ['no secret', 'eyJhIjoxfQ'],
    ['not base64 JSON', '!!!.secret'],
    ['unknown resource', `${btoa(JSON.stringify({ resource: 'device', name: 'x' }))}.s`],
    ['empty name', `${btoa(JSON.stringify({ resource: 'organization', name: '' }))}.s`],
    ['extra parts', 'a.b.c'],
  ])('rejects a token with %s', (_label, token) => {
    expect(decodeInvitationToken(token)).toBeNull();
  });
});
