import type { ComponentProps } from 'react';
import { notifySuccess } from '../lib/notify.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * A ConfirmDialog that runs one mutation: busy while it runs; a failure is shown in the dialog,
 * which stays open; on success the dialog closes, `success` is announced and `onDone` follows
 * (e.g. navigating away from what was deleted or moved). `run` calls mutateAsync, so the
 * follow-up runs even when the page unmounted meanwhile (the row went out of sight).
 */
export function MutationConfirmDialog<T>({
  mutation,
  run,
  success,
  onDone,
  onClose,
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'busy' | 'error' | 'onConfirm'> & {
  mutation: { isPending: boolean; error: Error | null };
  run: () => Promise<T>;
  success: string;
  onDone?: (result: T) => void;
}) {
  return (
    <ConfirmDialog
      {...dialog}
      busy={mutation.isPending}
      error={mutation.error?.message ?? null}
      onClose={onClose}
      onConfirm={() =>
        void run().then(
          (result) => {
            onClose();
            notifySuccess(success);
            onDone?.(result);
          },
          () => undefined, // shown in the dialog
        )
      }
    />
  );
}
