/**
 * Keeps keyboard focus when the focused control is disabled under it.
 *
 * Forms disable their submit button (and sometimes their fields) while they save. Browsers blur a
 * disabled control, so focus fell to the page body and a keyboard or screen-reader user who
 * pressed Save started over from the top of the page (WCAG 2.4.3 focus order). Rather than a rule
 * in each of the app's forms, one listener handles every control: focus waits on the control's
 * form (or dialog, section, main) while it is disabled, and goes back to the control when it is
 * enabled again, unless the user has moved on meanwhile. A control that stays disabled (a Save
 * that needs new changes) leaves focus on its form, where Tab carries on from the same place.
 */

import { FOCUS_PARKED_ATTRIBUTE } from './focus-parking.ts';

const HOLDERS = 'form, [role="dialog"], section, main';

interface Parked {
  control: HTMLElement;
  holder: HTMLElement;
  /** The holder had no tabindex of its own: we added -1 and remove it again. */
  addedTabIndex: boolean;
  observer: MutationObserver;
}

function isDisabled(el: HTMLElement): boolean {
  return 'disabled' in el && (el as HTMLButtonElement).disabled === true;
}

/** Installs the listener on `doc`; returns the function that removes it. */
export function keepFocusOnDisable(doc: Document = document): () => void {
  let parked: Parked | null = null;

  const release = () => {
    if (!parked) return;
    parked.observer.disconnect();
    if (parked.addedTabIndex) parked.holder.removeAttribute('tabindex');
    parked.holder.removeAttribute(FOCUS_PARKED_ATTRIBUTE);
    parked.holder.removeEventListener('focusout', onHolderBlur);
    parked = null;
  };

  function onHolderBlur(event: FocusEvent) {
    // Leaving the holder for one of its own controls (our own restore included) or for elsewhere:
    // either way focus is somewhere real again.
    if (parked && event.target === parked.holder) release();
  }

  const onFocusOut = (event: FocusEvent) => {
    const control = event.target;
    // Only a blur caused by the control becoming disabled, with focus going nowhere.
    if (!(control instanceof HTMLElement) || event.relatedTarget || !isDisabled(control)) return;
    const holder = control.parentElement?.closest<HTMLElement>(HOLDERS);
    if (!holder) return;
    release();
    const addedTabIndex = !holder.hasAttribute('tabindex');
    if (addedTabIndex) holder.setAttribute('tabindex', '-1');
    holder.setAttribute(FOCUS_PARKED_ATTRIBUTE, '');
    const observer = new MutationObserver(() => {
      if (!parked || isDisabled(control) || !control.isConnected) return;
      // Focus first: taking the holder's tabindex away while it has focus blurs it to the body.
      if (doc.activeElement === parked.holder || doc.activeElement === doc.body) control.focus({ preventScroll: true });
      release();
    });
    observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
    parked = { control, holder, addedTabIndex, observer };
    holder.addEventListener('focusout', onHolderBlur);
    holder.focus({ preventScroll: true });
  };

  doc.addEventListener('focusout', onFocusOut);
  return () => {
    doc.removeEventListener('focusout', onFocusOut);
    release();
  };
}
