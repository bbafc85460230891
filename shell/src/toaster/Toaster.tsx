import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { ToastContext, type ToastInput } from '@groupflow/shell-kit';
import './toaster.css';

/** Spec 3 section 7: one toast at a time, shown for 5000 ms, swipe right past 50 px to dismiss. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

interface ShownToast extends ToastInput {
  id: number;
}

export function Toaster({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => {
    setToast({ ...input, id: nextId.current++ });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toaster" aria-live="polite" aria-atomic="true">
        {toast && <Toast key={toast.id} toast={toast} onDismiss={() => setToast(null)} />}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    start.current = null;
    setOffset(0);
  };
  return (
    <div
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      className={`toast toast-${toast.variant ?? 'default'}`}
      style={{ transform: `translateX(${offset}px)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <div className="toast-body">
        <div className="toast-title">{toast.title}</div>
        {toast.description && <div className="toast-description">{toast.description}</div>}
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
