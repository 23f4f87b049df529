import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

describe('createAppTheme', () => {
  it('keeps MUI motion for everyone who has not asked for less', () => {
    const theme = createAppTheme(false);
    expect(theme.transitions.duration.standard).toBe(300);
    expect(theme.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it('ends every transition at once under prefers-reduced-motion, keeping the focus ring', () => {
    const theme = createAppTheme(true);
    const { duration } = theme.transitions;
    expect([duration.shortest, duration.short, duration.standard, duration.complex, duration.enteringScreen, duration.leavingScreen]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiMenu?.defaultProps?.transitionDuration).toBe(0);
    // The merge keeps the base theme's overrides of the same components.
    expect(theme.components?.MuiButtonBase?.styleOverrides?.root).toHaveProperty(['&.Mui-focusVisible', 'outline']);
  });
});
