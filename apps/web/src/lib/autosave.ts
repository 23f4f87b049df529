/** Fleets spec §2 and constants: notes and release texts autosave 500 ms after the last keystroke. */
export const AUTOSAVE_MS = 500;

/**
 * Debounced saving: `schedule` restarts the wait with the latest text, `flush` saves the given
 * (or else the pending) text at once (Enter, leaving the field, leaving the page), `cancel` drops
 * it. A text `unchanged` says is already saved is not sent again, so Enter or leaving the field
 * after an autosave sends nothing and shows no second message.
 */
export function createAutosave(save: (text: string) => void, unchanged: (text: string) => boolean, delayMs = AUTOSAVE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: string | null = null;
  const run = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const text = pending;
    pending = null;
    if (text !== null && !unchanged(text)) save(text);
  };
  return {
    schedule(text: string) {
      pending = text;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(run, delayMs);
    },
    flush(text?: string) {
      if (text !== undefined) pending = text;
      run();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;
