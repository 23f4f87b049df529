import { useCallback } from 'react';
import { focusIfLost } from '../../../lib/focus-parking.ts';

/**
 * A ref for what should take focus when it appears while focus is lost: these signed-out pages
 * have no route announcer to focus their h1, and their forms go away (replaced by a message, or a
 * navigation after saving) with focus in them, leaving it on the body. Focus the user has put
 * somewhere is left alone.
 */
export function useFocusWhenLost<T extends HTMLElement>(): (element: T | null) => void {
  return useCallback((element: T | null) => {
    if (element) focusIfLost(element);
  }, []);
}
