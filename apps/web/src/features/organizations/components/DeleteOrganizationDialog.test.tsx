// @vitest-environment jsdom
import '../organizations-catalog.ts';
import { cleanup, createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeleteOrganizationDialog } from './DeleteOrganizationDialog.tsx';

afterEach(cleanup);

const organization = { id: 7, name: 'Acme', handle: 'acme', created_at: '2026-01-01T00:00:00Z', logo_image: null, is_frozen: false, has_past_due_invoice_since__date: null } as never;

describe('DeleteOrganizationDialog', () => {
  // Fleets spec §2 "Confirmation dialogs": the name must be typed; pasting is blocked.
  it('opens in the name field, blocks pasting and dropping, and enables Delete only for the exact name', async () => {
    renderWithProviders(<DeleteOrganizationDialog organization={organization} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete organization' });
    const field = dialog.querySelector('input')!;
    await waitFor(() => expect(document.activeElement).toBe(field));
    const submit = screen.getByRole('button', { name: /delete/i, hidden: false });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    const paste = createEvent.paste(field, { clipboardData: { getData: () => 'Acme' } });
    fireEvent(field, paste);
    expect(paste.defaultPrevented).toBe(true);
    const drop = createEvent.drop(field);
    fireEvent(field, drop);
    expect(drop.defaultPrevented).toBe(true);

    fireEvent.change(field, { target: { value: 'acme' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Acme' } });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });
});
