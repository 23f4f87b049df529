/** How a key scrolls a read-only terminal; it has no input, so these keys move the view instead. */
export type TerminalScroll = { kind: 'lines'; amount: number } | { kind: 'pages'; amount: number } | { kind: 'top' } | { kind: 'bottom' };

/**
 * The scroll a key press asks for in a read-only terminal, or null for keys left to the browser
 * and xterm (Tab moves focus on, Ctrl+C copies the selection). xterm itself scrolls only on
 * Shift+PageUp/PageDown; a log reader expects the keys of any scrollable text.
 */
export function scrollForKey(key: string, modifiers: { ctrlKey: boolean; altKey: boolean; metaKey: boolean }): TerminalScroll | null {
  if (modifiers.altKey || modifiers.metaKey) return null;
  switch (key) {
    case 'ArrowUp':
      return { kind: 'lines', amount: -1 };
    case 'ArrowDown':
      return { kind: 'lines', amount: 1 };
    case 'PageUp':
      return { kind: 'pages', amount: -1 };
    case 'PageDown':
      return { kind: 'pages', amount: 1 };
    case 'Home':
      return { kind: 'top' };
    case 'End':
      return { kind: 'bottom' };
    default:
      return null;
  }
}
