import { createContext, useContext } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export type ShowToast = (toast: ToastInput) => void;

/** Provided by the shell's toaster; remotes get the same context because this package is a shared singleton. */
export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside the shell ToastProvider');
  return show;
}
