import { useEffect } from 'react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, enqueueSnackbar } from 'notistack';
import { attachToasts } from '../lib/toast.ts';

/**
 * notistack's toast in backgrounds dark enough for its white text (WCAG 1.4.3, at least 4.5:1):
 * its own green, orange and blue are 3.3:1, 2.2:1 and 3.1:1. Success, error and info are MUI's
 * darker shades (5.1:1, 5.6:1, 7.4:1); warning is a dark orange (5.5:1).
 */
const ToastContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b34700' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
});

const CONTENT = { success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent };

/** notistack's provider, where lib/toast.ts sends every toast (at most 4 at once, no duplicates). */
export default function ToastHost() {
  useEffect(() => attachToasts((message, options) => enqueueSnackbar(message, { ...options, preventDuplicate: true })), []);
  return <SnackbarProvider preventDuplicate maxSnack={4} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} Components={CONTENT} />;
}
