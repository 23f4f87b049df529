import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** Sidebar width from accounts spec §2 (220px, 56px collapsed). */
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 56;

/**
 * The keyboard focus ring (WCAG 2.4.7, 1.4.11): a 2px outline in a dark blue that keeps at
 * least 3:1 against the light page and paper backgrounds (about 8.6:1 on white), drawn outside
 * buttons and links and inside list items and menu items, where neighbours would hide it. On the
 * coloured header it is white (5.7:1 on the primary blue, 4:1 and more on the red admin header).
 */
export const FOCUS_RING_COLOR = '#0d47a1';
const focusRing = { outline: `2px solid ${FOCUS_RING_COLOR}`, outlineOffset: 2 } as const;
const insetFocusRing = { outline: `2px solid ${FOCUS_RING_COLOR}`, outlineOffset: -2 } as const;

/**
 * Warning text and outlines on the light page (an outlined chip's "Invalidated", "Takeover"): a
 * dark orange, 5.5:1 on white, where the theme's warning orange is 3.1:1 (WCAG 1.4.3 needs 4.5).
 */
export const WARNING_TEXT_COLOR = '#b34700';
/** An outlined chip in that colour (text and border). */
export const WARNING_OUTLINED = { color: WARNING_TEXT_COLOR, borderColor: WARNING_TEXT_COLOR } as const;

/**
 * For people who ask their system for less motion (prefers-reduced-motion, WCAG 2.3.3): MUI's
 * transitions (dialogs, menus, drawers, collapses, toasts) end at once, buttons lose the ripple
 * and skeletons stop pulsing. Menus and popovers time their grow from their height ('auto'), not
 * from the theme's durations, so they are set to 0 too.
 */
export const REDUCED_MOTION: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiPopover: { defaultProps: { transitionDuration: 0 } },
    MuiMenu: { defaultProps: { transitionDuration: 0 } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
};

const prefersReducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const baseTheme: ThemeOptions = {
  palette: {
    primary: { main: '#1565c0' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 6 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Plain links and anything made focusable by hand (tabIndex) get the same ring.
        'a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible, summary:focus-visible': focusRing,
        // Targets of programmatic focus (the page's h1, main): a ring only when reached by keyboard.
        '[tabindex="-1"]:focus:not(:focus-visible)': { outline: 'none' },
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } },
    },
    MuiMenuItem: {
      styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } },
    },
    MuiTab: {
      styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } },
    },
    MuiLink: {
      styleOverrides: { root: { borderRadius: 2, '&:focus-visible, &.Mui-focusVisible': focusRing } },
    },
    MuiAppBar: {
      styleOverrides: {
        root: { '& .Mui-focusVisible, & a:focus-visible, & button:focus-visible': { outlineColor: '#fff' } },
      },
    },
    MuiDialog: {
      styleOverrides: {
        // A dialog's <form> (title, content, actions inside it) lays its parts out as the paper
        // does: taller than the screen, the content scrolls between the title and the buttons,
        // instead of the whole form scrolling and taking Cancel and Save out of view.
        paper: { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0 } },
      },
    },
  },
};

/** The dashboard's theme; `reducedMotion` adds REDUCED_MOTION (read once, at load). */
export function createAppTheme(reducedMotion: boolean) {
  return createTheme(baseTheme, reducedMotion ? REDUCED_MOTION : {});
}

export const theme = createAppTheme(prefersReducedMotion);
