// @vitest-environment jsdom
import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
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
/** The props every list of this file shares: the spots, read from memory. */
const SPOT_LIST = { label: 'Spots', what: 'the spots', config, columns, query: { data: ROWS, error: null, refetch: async () => undefined }, getRowId: (s: Spot) => s.id, rowName: (s: Spot) => s.name };

/** A list with a table lens (checkboxes, batch actions) and a picture lens that shows no columns, as the device map. */
function TwoLenses() {
  const [lens, setLens] = useState<'table' | 'map'>('table');
  return (
    <>
      <button type="button" onClick={() => setLens(lens === 'table' ? 'map' : 'table')}>
        switch lens
      </button>
      <ClientDataList
        {...SPOT_LIST}
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

describe('DataList selection bar and focus (keyboard use: focus never lost to the body)', () => {
  function Selectable() {
    return (
      <ClientDataList
        {...SPOT_LIST}
        empty={<p>No spots</p>}
        isSelectable
        batchActions={(_ids, clear) => (
          <button type="button" onClick={clear}>
            Done with them
          </button>
        )}
      />
    );
  }

  it.each(['Clear selection', 'Done with them'])('moves focus to the table when "%s" clears the selection and its bar goes', async (name) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
    renderWithProviders(<Selectable />, { queryClient });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select north' }));
    const button = screen.getByRole('button', { name });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByTestId('selection-count')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Spots' })));
  });
});

describe('DataList row removed with focus in it (a row action such as revoke)', () => {
  function Removable() {
    const [rows, setRows] = useState(ROWS);
    return (
      <ClientDataList
        label="Spots"
        what="the spots"
        config={config}
        columns={[
          ...columns,
          { id: 'actions', label: 'Actions', render: (s: Spot) => <button type="button" onClick={() => setRows((all) => all.filter((r) => r.id !== s.id))}>{`Remove ${s.name}`}</button> },
        ]}
        query={{ data: rows, error: null, refetch: async () => undefined }}
        getRowId={(s) => s.id}
        rowName={(s) => s.name}
        empty={<p>No spots</p>}
      />
    );
  }

  it('moves focus to the table when the row goes, and to the list itself when it was the last row', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
    renderWithProviders(<Removable />, { queryClient });

    const north = await screen.findByRole('button', { name: 'Remove north' });
    north.focus();
    fireEvent.click(north);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove north' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Spots' })));

    const south = screen.getByRole('button', { name: 'Remove south' });
    south.focus();
    fireEvent.click(south);
    await screen.findByText('No spots');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add filter' })));
  });
});

describe('DataList row removed while its confirmation dialog is open (the list refetched before the dialog closed)', () => {
  function RevokeInDialog() {
    const [rows, setRows] = useState(ROWS);
    const [confirming, setConfirming] = useState<Spot | null>(null);
    return (
      <>
        <ClientDataList
          label="Spots"
          what="the spots"
          config={config}
          columns={[...columns, { id: 'actions', label: 'Actions', render: (s: Spot) => <button type="button" onClick={() => setConfirming(s)}>{`Revoke ${s.name}`}</button> }]}
          query={{ data: rows, error: null, refetch: async () => undefined }}
          getRowId={(s) => s.id}
          rowName={(s) => s.name}
          empty={<p>No spots</p>}
        />
        {confirming && (
          <Dialog open onClose={() => setConfirming(null)}>
            <button type="button" onClick={() => setRows((all) => all.filter((r) => r.id !== confirming.id))}>
              Remove the row
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              Close
            </button>
          </Dialog>
        )}
      </>
    );
  }

  it('moves focus to the table once the dialog has closed, not to the body', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
    renderWithProviders(<RevokeInDialog />, { queryClient });
    const revoke = await screen.findByRole('button', { name: 'Revoke north' });
    revoke.focus();
    fireEvent.click(revoke);
    const removeRow = await screen.findByRole('button', { name: 'Remove the row' });
    removeRow.focus();
    fireEvent.click(removeRow);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke north' })).toBeNull());
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Spots' })));
  });
});
