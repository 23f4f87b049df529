/** The dark surface of every terminal and its text (MUI grey 900 and 100: contrast 15:1). */
export const TERMINAL_BACKGROUND = '#212121';
export const TERMINAL_FOREGROUND = '#f5f5f5';
