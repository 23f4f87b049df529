// @vitest-environment jsdom
import { cleanup, createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('confirms at once without a typed confirmation (existing callers)', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<ConfirmDialog title="Remove?" message="Gone." confirmLabel="Remove" busy={false} onConfirm={onConfirm} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('enables confirming only once the exact text is typed, and blocks pasting it (fleets spec §2 "Confirmation dialogs")', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        title="Delete greenhouse?"
        message="Cannot be undone."
        confirmLabel="Delete"
        typedConfirmation={{ text: 'greenhouse', label: 'Type the name (greenhouse) to confirm' }}
        busy={false}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />,
    );
    const field = await screen.findByRole('textbox', { name: 'Type the name (greenhouse) to confirm' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    const paste = createEvent.paste(field, { clipboardData: { getData: () => 'greenhouse' } });
    fireEvent(field, paste);
    expect(paste.defaultPrevented).toBe(true);
    const drop = createEvent.drop(field);
    fireEvent(field, drop);
    expect(drop.defaultPrevented).toBe(true);

    fireEvent.change(field, { target: { value: 'Greenhouse' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'greenhouse' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  // WAI-ARIA alert dialog pattern: the least destructive control has the initial focus, so Enter
  // or Space pressed right after the dialog opens destroys nothing.
  it('opens with focus on Cancel, not on the destructive button', async () => {
    renderWithProviders(<ConfirmDialog title="Leave?" message="You lose access." confirmLabel="Leave" busy={false} onConfirm={() => undefined} onClose={() => undefined} />);
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('opens with focus in the field when the text must be typed to confirm', async () => {
    renderWithProviders(
      <ConfirmDialog
        title="Delete pi-7?"
        message="Cannot be undone."
        confirmLabel="Delete"
        typedConfirmation={{ text: 'pi-7', label: 'Type pi-7 to confirm' }}
        busy={false}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
    );
    const field = await screen.findByRole('textbox', { name: 'Type pi-7 to confirm' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
