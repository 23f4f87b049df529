// @vitest-environment jsdom
import '../organizations-catalog.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { LeaveOrganizationDialog } from './LeaveOrganizationDialog.tsx';

afterEach(cleanup);

const organization = { id: 7, name: 'Acme', handle: 'acme', created_at: '2026-01-01T00:00:00Z', logo_image: null, is_frozen: false, has_past_due_invoice_since__date: null } as never;

describe('LeaveOrganizationDialog', () => {
  it('opens with focus on Cancel, not on Leave (Enter right away keeps the membership)', async () => {
    renderWithProviders(<LeaveOrganizationDialog organization={organization} membershipId={3} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Leave organization' });
    expect(dialog.textContent).toContain('You will lose access to Acme');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Leave' }));
  });
});
