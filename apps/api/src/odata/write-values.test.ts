import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../model/types.ts';
import { clientValues, serverValues } from './write-values.ts';

const def: ResourceDef = {
  name: 'membership',
  table: 'membership',
  fields: [
    { name: 'id', type: 'Serial' },
    { name: 'user', type: 'ForeignKey', references: 'user', writable: true },
  ],
  permissions: {},
  createInputs: ['username'],
};

describe('create-only inputs (ResourceDef.createInputs)', () => {
  it('passes them to the create hook as sent, next to coerced fields', () => {
    expect(clientValues(def, { username: 'alice', user: '7' }, 'create')).toEqual({ username: 'alice', user: 7 });
  });
  it('are unknown fields on PATCH', () => {
    expect(() => clientValues(def, { username: 'alice' }, 'update')).toThrow(/Unknown field "username"/);
  });
  it('must be consumed by the hook: left in its result they are a server error, never stored', () => {
    expect(() => serverValues(def, { username: 'alice', user: 7 })).toThrow(/unknown or computed field "username"/);
  });
});
