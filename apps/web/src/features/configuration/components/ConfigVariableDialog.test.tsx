// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ConfigVariableDialog } from './ConfigVariableDialog.tsx';

afterEach(cleanup);

function renderAddDialog(onSubmit = vi.fn()) {
  renderWithProviders(
    <ConfigVariableDialog
      title="Add custom configuration variable"
      name={null}
      existingNames={['BALENA_SUPERVISOR_DELTA', 'BALENA_MY_THING']}
      builtInNames={['BALENA_SUPERVISOR_DELTA', 'BALENA_HOST_CONFIG_gpu_mem']}
      property={undefined}
      initialValue=""
      submitLabel="Add"
      busy={false}
      error={null}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  return onSubmit;
}

async function submitName(name: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('adding a custom configuration variable (fleets spec §5: validated against existing entries)', () => {
  it('sends a built-in name the fleet does not set to its row in the table', async () => {
    const onSubmit = renderAddDialog();
    await submitName('BALENA_HOST_CONFIG_gpu_mem');
    expect(await screen.findByText('This is a built-in setting: set it from its row in the fleet configuration table above')).toBeTruthy();
    expect(screen.queryByText('This fleet already has a configuration variable with this name')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a name the fleet sets already exists, built-in or custom', async () => {
    const onSubmit = renderAddDialog();
    await submitName('BALENA_SUPERVISOR_DELTA');
    expect(await screen.findByText('This fleet already has a configuration variable with this name')).toBeTruthy();
    await submitName('BALENA_MY_THING');
    expect(screen.getByText('This fleet already has a configuration variable with this name')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a new custom name', async () => {
    const onSubmit = renderAddDialog();
    await submitName('BALENA_NEW_THING');
    expect(onSubmit).toHaveBeenCalledWith('BALENA_NEW_THING', '');
  });
});
