import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_MS, createAutosave } from './autosave.ts';

describe('createAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    let saved = 'old';
    const save = vi.fn((text: string) => {
      saved = text;
    });
    return { save, autosave: createAutosave(save, (text) => text === saved) };
  }

  it('saves once, 500 ms after the last keystroke, with the latest text', () => {
    const { save, autosave } = setup();
    expect(AUTOSAVE_MS).toBe(500);
    autosave.schedule('a');
    vi.advanceTimersByTime(400);
    autosave.schedule('ab');
    vi.advanceTimersByTime(499);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
  });

  it('flush saves at once and the pending timer does not save again', () => {
    const { save, autosave } = setup();
    autosave.schedule('line 1\nline 2');
    autosave.flush('line 1\nline 2');
    expect(save).toHaveBeenCalledWith('line 1\nline 2');
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not resend the text last saved (Enter after an autosave)', () => {
    const { save, autosave } = setup();
    autosave.schedule('new');
    vi.advanceTimersByTime(AUTOSAVE_MS);
    autosave.flush('new');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush without text saves what is pending, and nothing when nothing is', () => {
    const { save, autosave } = setup();
    autosave.flush();
    expect(save).not.toHaveBeenCalled();
    autosave.schedule('left the page');
    autosave.flush();
    expect(save).toHaveBeenCalledWith('left the page');
  });

  it('cancel drops the pending save', () => {
    const { save, autosave } = setup();
    autosave.schedule('x');
    autosave.cancel();
    vi.advanceTimersByTime(1000);
    expect(save).not.toHaveBeenCalled();
  });
});
