import { describe, expect, it } from 'vitest';
import { parseScope, parseScopes } from './registry-scope.ts';

describe('registry token scopes', () => {
  it('reads type, name and actions, with a name that holds colons and a type class', () => {
    expect(parseScope('repository:v2/abc:pull,push')).toEqual({ type: 'repository', name: 'v2/abc', actions: ['pull', 'push'] });
    expect(parseScope('repository:host:5000/v2/abc:pull')).toEqual({ type: 'repository', name: 'host:5000/v2/abc', actions: ['pull'] });
    expect(parseScope('repository(plugin):v2/abc:pull')).toEqual({ type: 'repository', name: 'v2/abc', actions: ['pull'] });
    expect(parseScope('registry:catalog:*')).toEqual({ type: 'registry', name: 'catalog', actions: ['*'] });
  });

  it('drops malformed scopes and splits space-separated ones', () => {
    expect(parseScope('repository')).toBeNull();
    expect(parseScope('repository:pull')).toBeNull();
    expect(parseScope(':v2/abc:pull')).toBeNull();
    expect(parseScopes(['repository:v2/a:pull repository:v2/b:push', '', 'bad'])).toEqual([
      { type: 'repository', name: 'v2/a', actions: ['pull'] },
      { type: 'repository', name: 'v2/b', actions: ['push'] },
    ]);
  });
});
