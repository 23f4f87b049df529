// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { VariableDialog } from './VariableDialog.tsx';

afterEach(cleanup);

describe('adding a variable of a fleet with services (fleets spec §5: a service is required)', () => {
  it('moves focus to the Service field when Stage finds none chosen, not to its hidden input', async () => {
    const onStage = vi.fn();
    renderWithProviders(
      <VariableDialog
        mode={{ kind: 'add' }}
        level="fleet"
        services={[{ id: 7, name: 'main' }]}
        rows={[]}
        rules={undefined}
        onStage={onStage}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'GREETING' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stage' }));

    expect(await screen.findByText('Service not found: choose All services or one service')).toBeTruthy();
    // The visible combobox, which a keyboard user can open; the select's native input is aria-hidden.
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Service/ }));
    expect(onStage).not.toHaveBeenCalled();

    // The field still carries the choice to what is staged.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Service/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'main' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stage' }));
    await vi.waitFor(() => expect(onStage).toHaveBeenCalledWith({ name: 'GREETING', serviceId: 7 }, ''));
  });
});
