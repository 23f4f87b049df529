// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { RegenerateCodesDialog } from './RegenerateCodesDialog.tsx';

afterEach(cleanup);

describe('RegenerateCodesDialog', () => {
  it('opens with focus on Cancel: Enter right away keeps the old recovery codes', async () => {
    renderWithProviders(<RegenerateCodesDialog onClose={() => undefined} />);
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });
});
