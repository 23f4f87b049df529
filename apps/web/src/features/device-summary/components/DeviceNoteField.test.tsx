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

/** Renders an editable note, waits for the router to draw it and opens the field ("Edit note"). */
async function renderEditable(note: string) {
  renderWithProviders(<DeviceNoteField deviceId={DEVICE} uuid="abc" note={note} canEdit />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit note' }));
  await screen.findByRole('textbox', { name: 'Note' });
}

/** The note as shown (not edited): its Markdown, once the lazily loaded renderer is in. */
const shown = () => screen.findByTestId('note-markdown');

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
    // Enter closed the field: the note is shown again, with its line break.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((await shown()).querySelector('p')?.textContent).toBe('line 1\nline 2');
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
    // The field opened again, with the text.
    const again = await screen.findByRole('textbox', { name: 'Note' });
    expect((again as HTMLTextAreaElement).value).toBe('keep me');
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(patches).toEqual([{ note: 'keep me' }]));
  });

  it('shows the note to users who cannot edit it: raw HTML as typed, line breaks kept, nothing to edit', async () => {
    renderWithProviders(<DeviceNoteField deviceId={DEVICE} uuid="abc" note={'a <b>b</b>\nc'} canEdit={false} />);
    const text = await screen.findByText((_, el) => el?.textContent === 'a <b>b</b>\nc' && el.tagName === 'P');
    expect(text.querySelector('b')).toBeNull();
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit note' })).toBeNull();
  });

  it('renders Markdown: emphasis, lists, headings under the card\'s, links that open in a new tab', async () => {
    const note = ['# Site', '', 'Pump is **on** and _quiet_.', '', '- first', '- second', '', '[runbook](https://example.com/run?a=1)'].join('\n');
    renderWithProviders(<DeviceNoteField deviceId={DEVICE} uuid="abc" note={note} canEdit={false} />);
    const root = await shown();
    expect(root.querySelector('strong')?.textContent).toBe('on');
    expect(root.querySelector('em')?.textContent).toBe('quiet');
    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['first', 'second']);
    // A note's "# heading" never adds a page heading above the card's own (h3).
    expect(root.querySelector('h1, h2, h3')).toBeNull();
    expect(root.querySelector('h4')?.textContent).toBe('Site');
    const link = screen.getByRole('link', { name: 'runbook' });
    expect(link.getAttribute('href')).toBe('https://example.com/run?a=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('never renders raw HTML, javascript: links or remote images as such', async () => {
    const note = ['<script>alert(1)</script><img src=x onerror=alert(2)>', '', '[click](javascript:alert(3)) [data](data:text/html,hi)', '', '![tracker](https://example.com/p.png)'].join('\n');
    renderWithProviders(<DeviceNoteField deviceId={DEVICE} uuid="abc" note={note} canEdit={false} />);
    const root = await shown();
    expect(root.querySelector('script, img, iframe')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
    // The unsafe links are their text only; the image is its alt text.
    expect(screen.queryByRole('link')).toBeNull();
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('click');
    expect(root.textContent).toContain('tracker');
  });

  it('opens the field from "Edit note" with the caret after the text; Escape saves, closes and gives focus back', async () => {
    await renderEditable('kept');
    const input = field() as HTMLTextAreaElement;
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(4);
    fireEvent.change(input, { target: { value: 'kept *more*' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(patches).toEqual([{ note: 'kept *more*' }]));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((await shown()).querySelector('em')?.textContent).toBe('more');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit note' }));
  });
});
