import { useEffect, useRef, useState } from 'react';
import { createAutosave, type Autosave } from './autosave.ts';

/** How a save ends; the caller passes these on to its mutation (e.g. `mutate(value, callbacks)`). */
export interface SaveCallbacks {
  onSuccess: () => void;
  onError: () => void;
}

export interface AutosavedTextOptions {
  /** The stored text ('' for none). */
  saved: string;
  /** Sends `text`; calls `onSuccess` or `onError` when the server has answered. */
  save: (text: string, callbacks: SaveCallbacks) => void;
  onSaved?: () => void;
  onFailed?: () => void;
}

/**
 * A text field's draft that saves itself (createAutosave: 500 ms after the last keystroke, at
 * once on `flush`, and when the component unmounts). The same text is not sent twice (Enter or
 * blur right after an autosave), unless its save failed. A change of `saved` from elsewhere
 * (another user, a refetch) replaces the draft unless the user has typed since.
 */
export function useAutosavedText({ saved, save, onSaved, onFailed }: AutosavedTextOptions) {
  const [draft, setDraft] = useState(saved);
  // The autosave outlives renders; it reads the latest options from here.
  const latest = useRef({ saved, save, onSaved, onFailed });
  useEffect(() => {
    latest.current = { saved, save, onSaved, onFailed };
  });
  const lastSent = useRef<string | null>(null);
  const autosave = useRef<Autosave | null>(null);
  useEffect(() => {
    const saver = createAutosave(
      (text) => {
        lastSent.current = text;
        latest.current.save(text, {
          onSuccess: () => latest.current.onSaved?.(),
          onError: () => {
            lastSent.current = null;
            latest.current.onFailed?.();
          },
        });
      },
      (text) => text === lastSent.current || text === latest.current.saved,
    );
    autosave.current = saver;
    // Leaving the page saves what was typed in the last 500 ms.
    return () => saver.flush();
  }, []);

  const [seen, setSeen] = useState(saved);
  if (saved !== seen) {
    setSeen(saved);
    if (draft === seen) setDraft(saved);
  }

  return {
    draft,
    /** The user typed `text`: shown at once, saved after the pause. */
    edit(text: string) {
      setDraft(text);
      autosave.current?.schedule(text);
    },
    /** Saves the draft now (blur, Enter, Done). */
    flush() {
      autosave.current?.flush(draft);
    },
  };
}
