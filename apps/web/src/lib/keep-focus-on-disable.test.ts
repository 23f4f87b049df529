// @vitest-environment jsdom
// jsdom does not blur a control that is disabled; the tests fire the focusout a browser fires
// (Chromium: relatedTarget null, the control already disabled). The browser suite checks the real
// thing (e2e/a11y/keyboard-journey.spec.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isParkedFocus } from './focus-parking.ts';
import { keepFocusOnDisable } from './keep-focus-on-disable.ts';

let uninstall: () => void;

beforeEach(() => {
  document.body.innerHTML = `<main><form id="form"><input id="name"><button id="save" type="submit">Save</button></form><button id="other">Other</button></main>`;
  uninstall = keepFocusOnDisable(document);
});
afterEach(() => uninstall());

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a browser does when the focused control is disabled. */
function disableFocused(control: HTMLButtonElement | HTMLInputElement) {
  control.disabled = true;
  control.blur();
  control.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
}

describe('keepFocusOnDisable', () => {
  it('keeps focus on the form while its button is disabled, and gives it back when it is enabled', async () => {
    const save = byId<HTMLButtonElement>('save');
    save.focus();
    disableFocused(save);
    expect(document.activeElement).toBe(byId('form'));
    expect(byId('form').getAttribute('tabindex')).toBe('-1');
    // Marked as parked (lib/focus-parking.ts): code that moves focus "when lost" may move it on.
    expect(isParkedFocus(byId('form'))).toBe(true);

    save.disabled = false;
    await flush();
    expect(document.activeElement).toBe(save);
    // The form is not left in the tab order's reach, nor marked.
    expect(byId('form').hasAttribute('tabindex')).toBe(false);
    expect(isParkedFocus(byId('form'))).toBe(false);
  });

  it('leaves focus where the user moved it meanwhile', async () => {
    const save = byId<HTMLButtonElement>('save');
    save.focus();
    disableFocused(save);
    byId('other').focus();
    save.disabled = false;
    await flush();
    expect(document.activeElement).toBe(byId('other'));
  });

  it('ignores a control that is blurred but still enabled (focus moved on, or a click on the page)', () => {
    const name = byId<HTMLInputElement>('name');
    name.focus();
    name.blur();
    name.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    expect(document.activeElement).toBe(document.body);
    expect(byId('form').hasAttribute('tabindex')).toBe(false);
  });

  it('does not bring focus back to a control that was removed while disabled', async () => {
    const save = byId<HTMLButtonElement>('save');
    save.focus();
    disableFocused(save);
    save.remove();
    save.disabled = false;
    await flush();
    expect(document.activeElement).toBe(byId('form'));
  });
});
