// @vitest-environment jsdom
import '../release-detail-catalog.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES } from '@flotilla/core/release-status';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';
import { DeleteReleaseSection } from './DeleteReleaseSection.tsx';
import { FinalizeSection } from './FinalizeSection.tsx';
import { ReleaseTextField } from './ReleaseTextField.tsx';
import { ValiditySection } from './ValiditySection.tsx';
import { VersionSection } from './VersionSection.tsx';

const RELEASE = 7;
/** PATCH bodies the API received for the release (the HTTP boundary is the only stand-in). */
const patches: unknown[] = [];
const patchedAt: number[] = [];

beforeEach(() => {
  patches.length = 0;
  patchedAt.length = 0;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (init.method === 'PATCH' && url.pathname === `/v7/release(${RELEASE})`) {
        patches.push(JSON.parse(String(init.body)));
        patchedAt.push(Date.now());
        return new Response(null, { status: 200 });
      }
      return new Response(JSON.stringify({ d: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function release(overrides: Partial<ReleaseSummary> = {}): ReleaseSummary {
  return {
    id: RELEASE,
    commit: 'abcdef1234567890',
    raw_version: '1.2.3',
    semver: '1.2.3',
    status: 'success',
    source: 'cloud',
    is_final: false,
    is_invalidated: false,
    created_at: '2026-11-01T10:00:00.000Z',
    start_timestamp: '2026-11-01T10:00:00.000Z',
    update_timestamp: '2026-11-01T10:05:00.000Z',
    end_timestamp: '2026-11-01T10:05:00.000Z',
    known_issue_list: null,
    note: 'First cut',
    is_created_by__user: [],
    release_asset: [],
    is_pinned_to__device: 0,
    should_be_running_on__application: 0,
    ...overrides,
  };
}

describe('ReleaseTextField (fleets spec §2: autosave debounced by 500 ms)', () => {
  it('sends one PATCH 500 ms after the last keystroke, then says it was saved', async () => {
    renderWithProviders(<ReleaseTextField fleetId={1} releaseId={RELEASE} field="note" label="Notes" emptyText="No notes." value="First cut" canEdit />);
    const field = await screen.findByRole('textbox', { name: 'Notes' });
    fireEvent.change(field, { target: { value: 'First cut, a' } });
    // Taken before the keystroke: its handler runs first, then React renders (slowly in jsdom).
    const typedAt = Date.now();
    fireEvent.change(field, { target: { value: 'First cut, ab' } });
    expect(patches).toEqual([]);
    await waitFor(() => expect(patches).toEqual([{ note: 'First cut, ab' }]));
    // Timers never fire early: the one PATCH left at least 500 ms after the last keystroke.
    expect(patchedAt[0]! - typedAt).toBeGreaterThanOrEqual(495);
    expect(await screen.findByText('Notes saved')).toBeTruthy();
    fireEvent.blur(field);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(patches).toHaveLength(1);
  });

  it('clears the text to null, and shows the text read only to those who cannot edit', async () => {
    renderWithProviders(<ReleaseTextField fleetId={1} releaseId={RELEASE} field="known_issue_list" label="Known issues" emptyText="No known issues." value="x" canEdit />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Known issues' }), { target: { value: '' } });
    await waitFor(() => expect(patches).toEqual([{ known_issue_list: null }]));
    cleanup();
    renderWithProviders(<ReleaseTextField fleetId={1} releaseId={RELEASE} field="note" label="Notes" emptyText="No notes." value={null} canEdit={false} />);
    expect(await screen.findByText('No notes.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('release settings sections (fleets spec §4 "Release rules")', () => {
  it('accepts only a three-part version', async () => {
    renderWithProviders(<VersionSection release={release()} fleetId={1} canUpdate />);
    const field = await screen.findByRole('textbox', { name: 'Version' });
    fireEvent.change(field, { target: { value: '1.2.3-beta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText(/x\.y\.z with digits only/)).toBeTruthy();
    expect(patches).toEqual([]);
    fireEvent.change(field, { target: { value: '1.3.0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(patches).toEqual([{ semver: '1.3.0' }]));
  });

  it('refuses to validate a failed release, and validates a successful one', async () => {
    renderWithProviders(<ValiditySection release={release({ status: 'failed', is_invalidated: true })} fleetId={1} canUpdate />);
    expect(await screen.findByText(RELEASE_MESSAGES.cannotValidateFailed)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Validate release' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderWithProviders(<ValiditySection release={release({ is_invalidated: true })} fleetId={1} canUpdate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Validate release' }));
    await waitFor(() => expect(patches).toEqual([{ is_invalidated: false }]));
  });

  it('invalidates only after a confirmation, which says what happens to the target and pinned devices', async () => {
    renderWithProviders(<ValiditySection release={release()} fleetId={1} canUpdate />);
    const invalidate = await screen.findByRole('button', { name: 'Invalidate release' });
    fireEvent.click(invalidate);
    let dialog = await screen.findByRole('dialog', { name: 'Invalidate release 1.2.3?' });
    expect(dialog.textContent).toContain('not offered for pinning or tracking');
    // Neither the target nor pinned: no such warning.
    expect(dialog.textContent).not.toContain('target release');
    expect(dialog.textContent).not.toContain('pinned to this release');
    // Cancel has the focus (a stray Enter changes nothing) and changes nothing.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([]);
    cleanup();

    renderWithProviders(<ValiditySection release={release({ should_be_running_on__application: 1, is_pinned_to__device: 2 })} fleetId={1} canUpdate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invalidate release' }));
    dialog = await screen.findByRole('dialog', { name: 'Invalidate release 1.2.3?' });
    expect(dialog.textContent).toContain("This is the fleet's target release: devices tracking it keep running it");
    expect(dialog.textContent).toContain('2 devices are pinned to this release and keep it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invalidate release' }));
    await waitFor(() => expect(patches).toEqual([{ is_invalidated: true }]));
    expect(await screen.findByText('Release invalidated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names one pinned device in the singular', async () => {
    renderWithProviders(<ValiditySection release={release({ is_pinned_to__device: 1 })} fleetId={1} canUpdate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invalidate release' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1 device is pinned to this release and keeps it');
    expect(dialog.textContent).not.toContain('target release');
  });

  it('a running build silent for over 120 s counts as timed out: not validatable', async () => {
    renderWithProviders(<ValiditySection release={release({ status: 'running', is_invalidated: true, update_timestamp: new Date(Date.now() - 121_000).toISOString() })} fleetId={1} canUpdate />);
    expect(await screen.findByText(RELEASE_MESSAGES.cannotValidateFailed)).toBeTruthy();
  });

  it('finalizes a draft after a confirmation with both warnings, and says a final release is already finalized', async () => {
    renderWithProviders(<FinalizeSection release={release()} fleetId={1} canUpdate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Finalize release' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(RELEASE_MESSAGES.willNotUnfinalize);
    expect(dialog.textContent).toContain(RELEASE_MESSAGES.actionIrreversible);
    fireEvent.click(screen.getAllByRole('button', { name: 'Finalize release' }).at(-1)!);
    await waitFor(() => expect(patches).toEqual([{ is_final: true }]));
    cleanup();
    renderWithProviders(<FinalizeSection release={release({ is_final: true })} fleetId={1} canUpdate />);
    expect(await screen.findByText(RELEASE_MESSAGES.alreadyFinalized)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalize release' })).toBeNull();
  });

  it('refuses to delete a release pinned by a device or targeted by its fleet', async () => {
    for (const pins of [{ is_pinned_to__device: 2 }, { should_be_running_on__application: 1 }]) {
      renderWithProviders(<DeleteReleaseSection release={release(pins)} fleetId={1} fleetClass="fleets" canDelete />);
      expect(await screen.findByText(RELEASE_MESSAGES.cannotDeletePinned)).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Delete release' }) as HTMLButtonElement).disabled).toBe(true);
      cleanup();
    }
    renderWithProviders(<DeleteReleaseSection release={release()} fleetId={1} fleetClass="fleets" canDelete={false} />);
    expect(await screen.findByText('You do not have permission to do this on this release.')).toBeTruthy();
  });
});
