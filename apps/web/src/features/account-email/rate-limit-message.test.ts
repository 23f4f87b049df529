import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { accountEmailErrorMessage, formatRetryAfter } from './rate-limit-message.ts';

const t = (key: string, options?: Record<string, unknown>) =>
  ({
    'accountEmail:errors.tooManyRequests': 'Too many requests.',
    'accountEmail:errors.tryAgainShortly': 'Please try again shortly.',
    'accountEmail:errors.availableAgainIn': `Available again in ${String(options?.time)}.`,
    'common:errors.generic': 'An error has occurred',
  })[key] ?? key;

describe('accountEmailErrorMessage', () => {
  it('adds "available again in" from Retry-After to the server text', () => {
    expect(accountEmailErrorMessage(new ApiError('Too Many Requests. Try again later', 429, 125), t)).toBe(
      'Too Many Requests. Try again later. Available again in 3 minutes.',
    );
  });
  it('says "try again shortly" without Retry-After, and defaults the text', () => {
    expect(accountEmailErrorMessage(new ApiError('', 429), t)).toBe('Too many requests. Please try again shortly.');
  });
  it('shows other errors as the server sent them', () => {
    expect(accountEmailErrorMessage(new ApiError('The password reset link is invalid or has expired', 400), t)).toBe(
      'The password reset link is invalid or has expired',
    );
    expect(accountEmailErrorMessage('weird', t)).toBe('An error has occurred');
  });
});

describe('formatRetryAfter', () => {
  it('uses seconds under a minute, whole minutes above', () => {
    expect(formatRetryAfter(1)).toBe('1 second');
    expect(formatRetryAfter(45)).toBe('45 seconds');
    expect(formatRetryAfter(60)).toBe('1 minute');
    expect(formatRetryAfter(3599)).toBe('60 minutes');
  });
});
