import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * Modal dialog of the staff screens: focus moves to the first field on open, Tab stays inside, Escape and a
 * click on the backdrop close it, and focus returns to the opener afterwards.
 */
export function Dialog({ title, description, onClose, children, className }: DialogProps) {
  const ids = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first =
      dialogRef.current?.querySelector<HTMLElement>('input, select, textarea') ??
      dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus();
    };
  }, []);

  const trapFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={trapFocus}
      >
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="muted small staff-dialog-description">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}

interface DialogActionsProps {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  danger?: boolean;
  /** Without it the confirm button submits the surrounding form. */
  onConfirm?: () => void;
}

/** Cancel and confirm row at the foot of a dialog; the confirm button shows its pending label while busy. */
export function DialogActions({ onCancel, label, pendingLabel, pending, disabled, danger, onConfirm }: DialogActionsProps) {
  return (
    <div className="row staff-dialog-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        onClick={onConfirm}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
