import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.ts';
import type { ResourceDef } from '../model/types.ts';
import { clientValues, serverValues } from './write-values.ts';

const def: ResourceDef = {
  name: 'membership',
  table: 'membership',
  fields: [
    { name: 'id', type: 'Serial' },
    { name: 'user', type: 'ForeignKey', references: 'user', writable: true },
    { name: 'status', type: 'Short Text', writable: ['device'] },
    { name: 'is_online', type: 'Boolean' },
  ],
  permissions: {},
  createInputs: ['username'],
};

const user: Principal = { kind: 'user', actorId: 1001, userId: 1, username: 'u', email: null, via: 'jwt' };
const device: Principal = { kind: 'device', actorId: 1002, deviceId: 5, applicationId: 9 };

describe('create-only inputs (ResourceDef.createInputs)', () => {
  it('passes them to the create hook as sent, next to coerced fields', () => {
    expect(clientValues(def, { username: 'alice', user: '7' }, 'create', user)).toEqual({ username: 'alice', user: 7 });
  });
  it('are unknown fields on PATCH', () => {
    expect(() => clientValues(def, { username: 'alice' }, 'update', user)).toThrow(/Unknown field "username"/);
  });
  it('must be consumed by the hook: left in its result they are a server error, never stored', () => {
    expect(() => serverValues(def, { username: 'alice', user: 7 })).toThrow(/unknown or computed field "username"/);
  });
});

describe('fields writable per kind of principal', () => {
  it('lets each kind set only the fields listed for it (403), and nobody a server-managed field (400)', () => {
    expect(clientValues(def, { user: 7 }, 'update', user)).toEqual({ user: 7 });
    expect(() => clientValues(def, { user: 7 }, 'update', device)).toThrow(expect.objectContaining({ status: 403, code: 'field_not_writable' }));
    expect(clientValues(def, { status: 'Idle' }, 'update', device)).toEqual({ status: 'Idle' });
    expect(() => clientValues(def, { status: 'Idle' }, 'update', user)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => clientValues(def, { is_online: true }, 'update', device)).toThrow(expect.objectContaining({ status: 400 }));
  });
  it('lets the server itself set any writable field', () => {
    expect(clientValues(def, { user: 7, status: 'Idle' }, 'update', { kind: 'system' })).toEqual({ user: 7, status: 'Idle' });
  });
});

describe('JSON fields through a hook', () => {
  const withJson: ResourceDef = { ...def, fields: [...def.fields, { name: 'contract', type: 'JSON', writable: true }] };
  it('encodes a value the hook passed through once, and a value the hook set once', () => {
    const sent = clientValues(withJson, { contract: { type: 'sw.block' } }, 'create', user);
    expect(sent).toEqual({ contract: '{"type":"sw.block"}' });
    expect(serverValues(withJson, { ...sent }, sent)).toEqual({ contract: '{"type":"sw.block"}' });
    expect(serverValues(withJson, { contract: { type: 'sw.app' } }, sent)).toEqual({ contract: '{"type":"sw.app"}' });
    // A JSON string value set by the hook is a JSON string, encoded.
    expect(serverValues(withJson, { contract: 'text' }, sent)).toEqual({ contract: '"text"' });
  });
});
