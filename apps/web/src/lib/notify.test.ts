import { describe, expect, it } from 'vitest';
import { cleanErrorText, errorToast } from './notify.ts';
import { ApiError } from './http.ts';

describe('cleanErrorText (accounts spec §5: trimmed, quotes removed, at most 500 characters)', () => {
  it('removes the quotes that wrap the whole text, after trimming', () => {
    expect(cleanErrorText('"Unauthorized"')).toBe('Unauthorized');
    expect(cleanErrorText("  'Request timed out'\n")).toBe('Request timed out');
    // A JSON string inside a quoted string: both layers go.
    expect(cleanErrorText(`'"Not allowed"'`)).toBe('Not allowed');
    expect(cleanErrorText('""')).toBe('');
  });

  it('keeps quotes that are part of the text, even at one end', () => {
    expect(cleanErrorText('No user with the username "nosuchuser_zz"')).toBe('No user with the username "nosuchuser_zz"');
    expect(cleanErrorText('"user, public_key" must be unique.')).toBe('"user, public_key" must be unique.');
    // Starts and ends with a quote, but two quoted words: nothing wraps the whole text.
    expect(cleanErrorText('"app_name" is taken, choose another "slug"')).toBe('"app_name" is taken, choose another "slug"');
    expect(cleanErrorText(`"Can't reach the device"`)).toBe("Can't reach the device");
    expect(cleanErrorText('"unbalanced')).toBe('"unbalanced');
  });

  it('cuts the text to 500 characters', () => {
    expect(cleanErrorText(`"${'x'.repeat(600)}"`)).toBe('x'.repeat(500));
  });

  it('is what an API error toast shows', () => {
    expect(errorToast(new ApiError('No user with the username "nosuchuser_zz"', 400))).toEqual({ message: 'No user with the username "nosuchuser_zz"', variant: 'error' });
  });
});
