// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { stubTableLayout } from '../../../test/table-layout.ts';
import { variableNameRulesQuery } from '../api/name-rules.queries.ts';
import { VariablesEditor } from './VariablesEditor.tsx';

beforeEach(stubTableLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/**
 * Keyboard focus in the variables table (CONVENTIONS: focus is never lost to the page body after
 * a dialog closes or a change is staged). Delete, Undo and Revert all remove the button that was
 * pressed; focus goes to the control that took its place, or to Add variable.
 */
function renderEditor() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
  queryClient.setQueryData(variableNameRulesQuery.queryKey, {
    reservedNames: [],
    reservedNamespaces: ['BALENA_', 'RESIN_'],
    invalidRegex: /^\d|\W/,
    configVarInvalidRegex: /^\d|[^A-Za-z0-9_:]/,
    whiteListedNames: [],
    whiteListedNamespaces: [],
    blackListedNames: [],
  });
  return renderWithProviders(
    <VariablesEditor
      level="fleet"
      services={[{ id: 7, name: 'main' }]}
      saved={[
        { id: 1, name: 'GREETING', serviceId: 0, value: 'hello' },
        { id: 2, name: 'PORT', serviceId: 7, value: '80' },
      ]}
      owner={{ level: 'fleet', fleetId: 1 }}
      canEdit
      readOnlyReason=""
      refetch={() => Promise.resolve()}
    />,
    { queryClient },
  );
}

/** Presses `button` as a keyboard user does: it has focus, then it is activated. */
function press(button: HTMLElement) {
  button.focus();
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
}

describe('VariablesEditor focus', () => {
  it('moves focus from Delete to the same row\'s Undo, and from Undo back to its Delete', async () => {
    renderEditor();
    press(await screen.findByRole('button', { name: 'Delete GREETING (All services)' }));
    const undo = await screen.findByRole('button', { name: 'Undo change to GREETING (All services)' });
    expect(document.activeElement).toBe(undo);

    press(undo);
    const del = await screen.findByRole('button', { name: 'Delete GREETING (All services)' });
    expect(document.activeElement).toBe(del);
  });

  it('moves focus to Add variable after Revert all, not to the page body', async () => {
    renderEditor();
    press(await screen.findByRole('button', { name: 'Delete PORT (main)' }));
    press(await screen.findByRole('button', { name: 'Revert all changes' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert all' }));
    await expect.poll(() => document.activeElement?.textContent).toBe('Add variable');
    expect(screen.queryByRole('button', { name: 'Revert all changes' })).toBeNull();
  });
});
