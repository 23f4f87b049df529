import { useEffect } from 'react';
import { SnackbarProvider, enqueueSnackbar } from 'notistack';
import { attachToasts } from '../lib/toast.ts';

/** notistack's provider, where lib/toast.ts sends every toast (at most 4 at once, no duplicates). */
export default function ToastHost() {
  useEffect(() => attachToasts((message, options) => enqueueSnackbar(message, { ...options, preventDuplicate: true })), []);
  return <SnackbarProvider preventDuplicate maxSnack={4} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />;
}
