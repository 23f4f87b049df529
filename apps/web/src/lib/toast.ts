/**
 * The dashboard's toasts (fleets spec §8 "Notification rules": no duplicates). notistack draws
 * them, from a chunk of its own loaded after the first render (components/Toasts.tsx), so the
 * first screen does not wait for it (~9 kB gzip, issue 16 W10). A toast asked for before that
 * chunk is there (a guard redirecting on the first page) waits here and is shown once it is.
 */
export interface ToastOptions {
  variant: 'success' | 'error' | 'warning' | 'info';
}

type Show = (message: string, options: ToastOptions) => void;

const waiting: { message: string; options: ToastOptions }[] = [];
let show: Show | null = null;

/** Shows `message`; the same message while it is on screen is not shown twice. */
export function toast(message: string, options: ToastOptions): void {
  if (show) show(message, options);
  else waiting.push({ message, options });
}

/**
 * Called by the mounted toast host: toasts go to `next` from now on, the waiting ones first.
 * Returns the detach for its unmount.
 */
export function attachToasts(next: Show): () => void {
  show = next;
  for (const { message, options } of waiting.splice(0)) next(message, options);
  return () => {
    if (show === next) show = null;
  };
}
