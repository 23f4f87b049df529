// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ClientDataList } from './ClientDataList.tsx';
import type { ClientListConfig } from './client-rows.ts';
import type { DataColumn } from './columns.ts';
import { stubTableLayout } from '../../test/table-layout.ts';

interface Key {
  id: number;
  title: string;
  uses: number;
}

const config: ClientListConfig = {
  tableId: 'test-keys',
  fields: { title: { kind: 'text', path: 'title' }, uses: { kind: 'number', path: 'uses' } },
  defaultSort: { field: 'title', direction: 'asc' },
};
const columns: DataColumn<Key>[] = [
  { id: 'title', label: 'Title', isHideable: false, render: (k) => k.title },
  { id: 'uses', label: 'Uses', align: 'right', render: (k) => k.uses },
];
const ROWS: Key[] = [
  { id: 1, title: 'laptop', uses: 3 },
  { id: 2, title: 'desktop', uses: 7 },
];

function renderList(query: { data: Key[] | undefined; error: Error | null; refetch: () => Promise<unknown> }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
  return renderWithProviders(
    <ClientDataList
      label="Keys"
      what="the keys"
      config={config}
      columns={columns}
      query={query}
      getRowId={(k) => k.id}
      rowName={(k) => k.title}
      empty={<p>No keys yet</p>}
      noMatchTitle="No keys match the filters"
    />,
    { queryClient },
  );
}

const bodyTitles = () =>
  within(screen.getByRole('table', { name: 'Keys' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(stubTableLayout);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ClientDataList', () => {
  it('shows every loaded row in the default sort, with the total and no pager; a header sorts the loaded rows', async () => {
    renderList({ data: ROWS, error: null, refetch: async () => undefined });
    await waitFor(() => expect(bodyTitles()).toEqual(['desktop', 'laptop']));
    expect(screen.getByTestId('list-total').textContent).toBe('2 rows');
    expect(screen.queryByText('Rows per page')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Uses' }));
    await waitFor(() => expect(bodyTitles()).toEqual(['laptop', 'desktop']));
    expect(screen.getByRole('columnheader', { name: 'Uses' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('filters the loaded rows, says "no match" with Clear filters, and comes back when cleared', async () => {
    renderList({ data: ROWS, error: null, refetch: async () => undefined });
    await waitFor(() => expect(bodyTitles()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a filter' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Value' }), { target: { value: 'LAP' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bodyTitles()).toEqual(['laptop']));
    expect(screen.getByTestId('list-total').textContent).toBe('1 row');
    fireEvent.click(screen.getByRole('button', { name: /Remove filter/ }));
    await waitFor(() => expect(bodyTitles()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const again = await screen.findByRole('dialog', { name: 'Add a filter' });
    fireEvent.change(within(again).getByRole('textbox', { name: 'Value' }), { target: { value: 'tablet' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Apply' }));
    await screen.findByText('No keys match the filters');
    expect(screen.queryByText('No keys yet')).toBeNull();
    const clears = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clears[clears.length - 1]!);
    await waitFor(() => expect(bodyTitles()).toHaveLength(2));
  });

  it('shows the empty state for no rows, and an error with Retry (never the empty state) when the load failed', async () => {
    renderList({ data: [], error: null, refetch: async () => undefined });
    await screen.findByText('No keys yet');
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    const refetch = vi.fn(async () => undefined);
    renderList({ data: undefined, error: new Error('Database unavailable'), refetch });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the keys');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('No keys yet')).toBeNull();
  });
});
