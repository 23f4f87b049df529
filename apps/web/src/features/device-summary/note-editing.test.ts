import { describe, expect, it } from 'vitest';
import { noteKeyAction } from './note-editing.ts';

describe('noteKeyAction', () => {
  it('saves on Enter and leaves Shift+Enter to add a newline', () => {
    expect(noteKeyAction({ key: 'Enter', shiftKey: false })).toBe('save');
    expect(noteKeyAction({ key: 'Enter', shiftKey: true })).toBe('default');
    expect(noteKeyAction({ key: 'a', shiftKey: false })).toBe('default');
  });

  it('does not save while an input method is composing', () => {
    expect(noteKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('default');
  });
});
