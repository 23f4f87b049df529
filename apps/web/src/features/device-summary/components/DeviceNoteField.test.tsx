// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceNoteField } from './DeviceNoteField.tsx';

const DEVICE = 42;
/** PATCHes the API received for the device, and whether the next one fails. */
const patches: unknown[] = [];
let failNext = false;

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (init.method === 'PATCH' && url.pathname === `/v7/device(${DEVICE})`) {
        if (failNext) {
          failNext = false;
          return new Response(JSON.stringify({ error: 'Database unavailable' }), { status: 400, headers: { 'content-type': 'application/json' } });
        }
        patches.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 200 });
      }
      return new Response(JSON.stringify({ error: 'not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  patches.length = 0;
  failNext = false;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = () => screen.getByRole('textbox', { name: 'Note' });

/** Renders an editable note and waits for the router to draw it. */
async function renderEditable(note: string) {
  renderWithProviders(<DeviceNoteField deviceId={DEVICE} uuid="abc" note={note} canEdit />);
  await screen.findByRole('textbox', { name: 'Note' });
}

describe('DeviceNoteField', () => {
  it('autosaves once after typing stops, and Enter after that sends nothing more', async () => {
    await renderEditable('');
    fireEvent.change(field(), { target: { value: 'line 1\nline 2' } });
    expect(patches).toEqual([]);
    await waitFor(() => expect(patches).toEqual([{ note: 'line 1\nline 2' }]));
    expect(await screen.findByText('Setting changed successfully')).toBeTruthy();
    fireEvent.keyDown(field(), { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(patches).toHaveLength(1);
  });

  it('saves at once on Enter, and leaves Shift+Enter to the field', async () => {
    await renderEditable('');
    fireEvent.change(field(), { target: { value: 'quick' } });
    const shiftEnter = fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true });
    // Not prevented: the browser adds the newline.
    expect(shiftEnter).toBe(true);
    expect(patches).toEqual([]);
    const enter = fireEvent.keyDown(field(), { key: 'Enter' });
    expect(enter).toBe(false);
    await waitFor(() => expect(patches).toEqual([{ note: 'quick' }]));
  });

  it('shows a failure and keeps the text, which Enter sends again', async () => {
    failNext = true;
    await renderEditable('');
    fireEvent.change(field(), { target: { value: 'keep me' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(await screen.findByText(/The note was not saved: .*Database unavailable/)).toBeTruthy();
    expect((field() as HTMLTextAreaElement).value).toBe('keep me');
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(patches).toEqual([{ note: 'keep me' }]));
  });

  it('shows the note as text with its line breaks to users who cannot edit it', async () => {
    renderWithProviders(<DeviceNoteField deviceId={DEVICE} uuid="abc" note={'a <b>b</b>\nc'} canEdit={false} />);
    const text = await screen.findByText((_, el) => el?.textContent === 'a <b>b</b>\nc' && el.tagName === 'P');
    expect(text.querySelector('b')).toBeNull();
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
