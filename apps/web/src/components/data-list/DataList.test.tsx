// @vitest-environment jsdom
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ClientDataList } from './ClientDataList.tsx';
import type { ClientListConfig } from './client-rows.ts';
import type { DataColumn } from './columns.ts';
import { stubTableLayout } from '../../test/table-layout.ts';

interface Spot {
  id: number;
  name: string;
}

const config: ClientListConfig = { tableId: 'test-spots', fields: { name: { kind: 'text', path: 'name' } }, defaultSort: { field: 'name', direction: 'asc' } };
const columns: DataColumn<Spot>[] = [{ id: 'name', label: 'Name', isHideable: false, render: (s) => s.name }];
const ROWS: Spot[] = [
  { id: 1, name: 'north' },
  { id: 2, name: 'south' },
];

/** A list with a table lens (checkboxes, batch actions) and a picture lens that shows no columns, as the device map. */
function TwoLenses() {
  const [lens, setLens] = useState<'table' | 'map'>('table');
  return (
    <>
      <button type="button" onClick={() => setLens(lens === 'table' ? 'map' : 'table')}>
        switch lens
      </button>
      <ClientDataList
        label="Spots"
        what="the spots"
        config={config}
        columns={columns}
        query={{ data: ROWS, error: null, refetch: async () => undefined }}
        getRowId={(s) => s.id}
        rowName={(s) => s.name}
        empty={<p>No spots</p>}
        isSelectable
        batchActions={() => <button type="button">Actions</button>}
        renderRows={lens === 'map' ? (rows) => <p>map of {rows.length}</p> : undefined}
        showsColumns={lens === 'table'}
      />
    </>
  );
}

beforeEach(stubTableLayout);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('DataList lenses (fleets spec §2 "Fleet device list": table lens and map lens)', () => {
  it('offers the selection, its actions and Columns only where they act: hidden in a lens without checkboxes or columns, back with the table', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
    renderWithProviders(<TwoLenses />, { queryClient });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select north' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 selected');
    expect(screen.getByRole('button', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'switch lens' }));
    await screen.findByText('map of 2');
    expect(screen.queryByTestId('selection-count')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    // What does apply to the map stays: the filters and the total.
    expect(screen.getByRole('button', { name: 'Add filter' })).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('2 rows');

    // The selection was set aside, not dropped: the table shows it checked again.
    fireEvent.click(screen.getByRole('button', { name: 'switch lens' }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Select north' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 selected');
  });
});
