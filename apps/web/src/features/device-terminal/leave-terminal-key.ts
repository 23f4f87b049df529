/**
 * The key that leaves the web terminal: Shift+Escape. Inside a terminal Tab and Escape belong to
 * the shell (completion, vi), so focus cannot leave it the usual way; Shift+Escape is not one a
 * shell needs (it sends the same ESC as Escape), and the card says so under the terminal.
 */
export function isLeaveTerminalKey(event: { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Escape' && event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;
}
