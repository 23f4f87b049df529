// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './create-query-client.ts';
import { ApiError } from './http.ts';
import { attachToasts } from './toast.ts';

/**
 * Query failures and toasts (accounts spec §8: "errors appear as toasts without duplicates"):
 * a first load that fails is the screen's inline error with Retry (QueryState), so it does not
 * toast too; a refresh that fails while data is on screen toasts once.
 */
let detach: () => void = () => undefined;
afterEach(() => detach());

function collectToasts(): string[] {
  const shown: string[] = [];
  detach = attachToasts((message) => shown.push(message));
  return shown;
}

describe('createQueryClient error toasts', () => {
  it('does not toast a first load that fails (the list shows it inline)', async () => {
    const shown = collectToasts();
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['first-load'], queryFn: () => Promise.reject(new ApiError('Database unavailable', 500)), retry: false })).rejects.toThrow();
    expect(shown).toEqual([]);
  });

  it('toasts a refresh that fails while data is shown', async () => {
    const shown = collectToasts();
    const client = createQueryClient();
    let fail = false;
    const queryFn = () => (fail ? Promise.reject(new ApiError('Database unavailable', 500)) : Promise.resolve(['row']));
    await client.fetchQuery({ queryKey: ['refresh'], queryFn, retry: false });
    fail = true;
    await expect(client.fetchQuery({ queryKey: ['refresh'], queryFn, retry: false, staleTime: 0 })).rejects.toThrow();
    expect(shown).toEqual(['Database unavailable']);
  });
});
