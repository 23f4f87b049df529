// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FOCUS_PARKED_ATTRIBUTE } from '../../lib/focus-parking.ts';
import { focusHeadingWhenReady, keepsFocus } from './route-focus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function setup(html: string): HTMLElement {
  document.body.innerHTML = `<button id="link">link</button><main id="main">${html}</main>`;
  return document.getElementById('main')!;
}

const nextMutation = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focusHeadingWhenReady', () => {
  it('makes the page h1 focusable and focuses it', () => {
    const main = setup('<h1>Fleets</h1><button>Create</button>');
    let result: boolean | null = null;
    focusHeadingWhenReady(main, (focused) => (result = focused));
    const h1 = main.querySelector('h1')!;
    expect(result).toBe(true);
    expect(h1.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(h1);
  });

  it('waits for an h1 that renders later', async () => {
    const main = setup('<p>Loading…</p>');
    document.getElementById('link')!.focus();
    let result: boolean | null = null;
    focusHeadingWhenReady(main, (focused) => (result = focused));
    expect(result).toBeNull();
    main.innerHTML = '<h1>Organization</h1>';
    await nextMutation();
    expect(result).toBe(true);
    expect(document.activeElement?.textContent).toBe('Organization');
  });

  it('leaves focus where the user put it meanwhile', async () => {
    const main = setup('<input id="filter">');
    let result: boolean | null = null;
    focusHeadingWhenReady(main, (focused) => (result = focused));
    (document.getElementById('filter') as HTMLInputElement).focus();
    main.insertAdjacentHTML('beforeend', '<h1>Members</h1>');
    await nextMutation();
    expect(result).toBe(false);
    expect(document.activeElement?.id).toBe('filter');
  });

  it('takes focus from where it was parked for a disabled button (a form that saved, then navigated)', async () => {
    const main = setup('<form id="form" tabindex="-1"><button disabled>Save</button></form>');
    let result: boolean | null = null;
    focusHeadingWhenReady(main, (focused) => (result = focused));
    const form = document.getElementById('form')!;
    form.setAttribute(FOCUS_PARKED_ATTRIBUTE, '');
    form.focus();
    main.insertAdjacentHTML('beforeend', '<h1>New fleet</h1>');
    await nextMutation();
    expect(result).toBe(true);
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('does not take focus from a field the page focused itself', () => {
    const main = setup('<h1>Sign up</h1><input id="name">');
    (document.getElementById('name') as HTMLInputElement).focus();
    let result: boolean | null = null;
    focusHeadingWhenReady(main, (focused) => (result = focused));
    expect(result).toBe(false);
    expect(document.activeElement?.id).toBe('name');
  });

  it('stops waiting when told to', async () => {
    const main = setup('');
    let calls = 0;
    const stop = focusHeadingWhenReady(main, () => calls++);
    stop();
    main.innerHTML = '<h1>Later</h1>';
    await nextMutation();
    expect(calls).toBe(0);
  });
});

describe('keepsFocus', () => {
  it('is true for fields, anything in a dialog and a tab', () => {
    document.body.innerHTML =
      '<input id="a"><textarea id="b"></textarea><div role="dialog"><button id="c">x</button></div><button id="d">y</button><div role="tablist"><a id="e" role="tab" href="/p/e">E</a></div>';
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => keepsFocus(document.getElementById(id)))).toEqual([true, true, true, false, true]);
    expect(keepsFocus(null)).toBe(false);
  });
});

describe('focusHeadingWhenReady after a tab of the page changed the route (the preferences tabs)', () => {
  it('leaves focus on the tab the user activated instead of moving it to the h1', () => {
    const main = setup('<h1>Preferences</h1><div role="tablist"><a id="details" role="tab" href="/preferences/details">Details</a><a id="profile" role="tab" href="/preferences/profile">Profile</a></div>');
    const tab = document.getElementById('profile')!;
    tab.focus();
    let result: boolean | null = null;
    focusHeadingWhenReady(main, (focused) => (result = focused));
    expect(result).toBe(false);
    expect(document.activeElement).toBe(tab);
  });
});

describe('focusHeadingWhenReady and a page that replaces its loading heading', () => {
  it('moves focus on to the page h1 that replaces the focused "Loading…" h1, instead of leaving it on the body', async () => {
    const main = setup('<h1>Loading…</h1>');
    document.getElementById('link')!.focus();
    const results: boolean[] = [];
    const stop = focusHeadingWhenReady(main, (focused) => results.push(focused));
    expect(document.activeElement?.textContent).toBe('Loading…');
    main.innerHTML = '<h1>Ops</h1><button>Add members</button>';
    await nextMutation();
    expect(document.activeElement?.textContent).toBe('Ops');
    expect(results).toEqual([true]);
    stop();
  });

  it('does not follow when the user has put focus somewhere meanwhile', async () => {
    const main = setup('<h1>Loading…</h1>');
    const stop = focusHeadingWhenReady(main, () => {});
    document.getElementById('link')!.focus();
    main.innerHTML = '<h1>Ops</h1>';
    await nextMutation();
    expect(document.activeElement?.id).toBe('link');
    stop();
  });
});
