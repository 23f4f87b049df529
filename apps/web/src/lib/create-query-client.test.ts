// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
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

describe('createQueryClient while the API is unreachable', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('sends a change at once (it fails), rather than holding it to send on reconnection', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const sent: string[] = [];
    const observer = new MutationObserver(client, {
      mutationFn: (action: string) => {
        sent.push(action);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      meta: { silent: true },
    });
    await expect(observer.mutate('reboot')).rejects.toThrow('Failed to fetch');
    expect(sent).toEqual(['reboot']);
    // Back online: nothing held back is sent again.
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    expect(sent).toEqual(['reboot']);
  });

  it('still pauses a read while offline, and sends it on reconnection', async () => {
    const client = createQueryClient();
    client.mount();
    onlineManager.setOnline(false);
    let reads = 0;
    void client.fetchQuery({ queryKey: ['offline-read'], queryFn: () => ++reads, retry: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(0);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(1);
    client.unmount();
  });
});
