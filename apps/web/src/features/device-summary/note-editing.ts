/**
 * What a key press in the note field does: Enter saves now, Shift+Enter (and Enter while an
 * input method composes a character) is left to the text field, which adds a newline.
 */
export function noteKeyAction(event: { key: string; shiftKey: boolean; isComposing?: boolean }): 'save' | 'default' {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return 'default';
  return 'save';
}
