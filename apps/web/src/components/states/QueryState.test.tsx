// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EmptyState } from './EmptyState.tsx';
import { QueryState } from './QueryState.tsx';

afterEach(cleanup);

/** A list screen reduced to its states: rows come from `load`. */
function Rows({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: load });
  return (
    <QueryState query={query} what="the rows" isEmpty={(rows) => rows.length === 0} empty={<EmptyState title="No rows yet" />}>
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('announces loading with role=status until the data arrives', async () => {
    let resolve: (rows: string[]) => void = () => {};
    renderWithProviders(<Rows load={() => new Promise((r) => (resolve = r))} />);
    expect(await screen.findByRole('status')).toBeTruthy();
    resolve(['a']);
    expect(await screen.findByText('a')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failed load as an error with Retry, never as the empty state, and Retry loads again', async () => {
    let calls = 0;
    renderWithProviders(
      <Rows
        load={async () => {
          calls += 1;
          if (calls === 1) throw new ApiError('database unavailable', 503);
          return ['back'];
        }}
      />,
    );
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load the rows');
    expect(alert.textContent).toContain('database unavailable');
    expect(screen.queryByText('No rows yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('back')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('says a network failure is one, without the raw TypeError text', async () => {
    renderWithProviders(<Rows load={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('could not be reached');
    expect(alert.textContent).not.toContain('Failed to fetch');
  });

  it('shows a 403 as forbidden, without a Retry that cannot help', async () => {
    renderWithProviders(<Rows load={() => Promise.reject(new ApiError('nope', 403))} />);
    expect(await screen.findByTestId('forbidden-state')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('renders the empty state only for a successful empty answer', async () => {
    renderWithProviders(<Rows load={async () => []} />);
    expect(await screen.findByText('No rows yet')).toBeTruthy();
    expect(screen.queryByTestId('error-state')).toBeNull();
  });

  it("keeps a failed read's error while it is fetched again on its own (a poll), and Retry shows the wait it asks for", async () => {
    let calls = 0;
    let settle: { resolve: (rows: string[]) => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
    function Polled() {
      const query = useQuery({
        queryKey: ['polled'],
        queryFn: () => {
          calls += 1;
          if (calls === 1) return Promise.reject(new ApiError('database unavailable', 503));
          return new Promise<string[]>((resolve, reject) => (settle = { resolve, reject }));
        },
      });
      return (
        <QueryState query={query} what="the rows">
          {(rows) => <p>{rows.join(',')}</p>}
        </QueryState>
      );
    }
    const { queryClient } = renderWithProviders(<Polled />);
    expect((await screen.findByTestId('error-state')).textContent).toContain('database unavailable');
    // A poll (as refetchInterval does) while the server still fails: TanStack Query puts the query
    // back to pending, without its error, until the answer comes.
    void queryClient.refetchQueries({ queryKey: ['polled'] });
    await waitFor(() => expect(queryClient.getQueryState(['polled'])?.status).toBe('pending'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status'), 'the failure shown as loading while polled').toBeNull();
    expect(screen.getByTestId('error-state').textContent).toContain('database unavailable');
    settle.reject(new ApiError('still unavailable', 503));
    expect(await screen.findByText('still unavailable')).toBeTruthy();
    // The user's Retry: the wait shows, then the data.
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('error-state')).toBeNull();
    settle.resolve(['back']);
    expect(await screen.findByText('back')).toBeTruthy();
    expect(calls).toBe(3);
  });
});
