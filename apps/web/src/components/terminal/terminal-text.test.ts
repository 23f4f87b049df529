import { describe, expect, it } from 'vitest';
import { scrollForKey } from './terminal-keys.ts';
import { terminalUpdate, toTerminalText } from './terminal-text.ts';

describe('terminalUpdate', () => {
  it('writes only what was appended when the text grew', () => {
    expect(terminalUpdate('a\nb', 'a\nb\nc')).toEqual({ reset: false, write: '\nc' });
    expect(terminalUpdate('', 'first')).toEqual({ reset: false, write: 'first' });
    expect(terminalUpdate('same', 'same')).toEqual({ reset: false, write: '' });
  });

  it('resets and writes everything when the text changed otherwise', () => {
    expect(terminalUpdate('Step 1\nStep 2', 'Step 2\nStep 3')).toEqual({ reset: true, write: 'Step 2\nStep 3' });
  });
});

describe('toTerminalText', () => {
  it('turns each line break into a carriage return and line feed, once', () => {
    expect(toTerminalText('a\nb\r\nc')).toBe('a\r\nb\r\nc');
  });

  it('keeps ANSI colour escapes as they are', () => {
    expect(toTerminalText('\u001b[31mred\u001b[0m\nplain')).toBe('\u001b[31mred\u001b[0m\r\nplain');
  });
});

describe('scrollForKey', () => {
  const none = { ctrlKey: false, altKey: false, metaKey: false };

  it('scrolls by line, by page and to either end', () => {
    expect(scrollForKey('ArrowUp', none)).toEqual({ kind: 'lines', amount: -1 });
    expect(scrollForKey('ArrowDown', none)).toEqual({ kind: 'lines', amount: 1 });
    expect(scrollForKey('PageUp', none)).toEqual({ kind: 'pages', amount: -1 });
    expect(scrollForKey('PageDown', none)).toEqual({ kind: 'pages', amount: 1 });
    expect(scrollForKey('Home', none)).toEqual({ kind: 'top' });
    expect(scrollForKey('End', none)).toEqual({ kind: 'bottom' });
    expect(scrollForKey('Home', { ...none, ctrlKey: true })).toEqual({ kind: 'top' });
  });

  it('leaves Tab, copying and browser shortcuts alone', () => {
    expect(scrollForKey('Tab', none)).toBeNull();
    expect(scrollForKey('c', { ...none, ctrlKey: true })).toBeNull();
    expect(scrollForKey('ArrowLeft', { ...none, altKey: true })).toBeNull();
    expect(scrollForKey('Home', { ...none, metaKey: true })).toBeNull();
  });
});
