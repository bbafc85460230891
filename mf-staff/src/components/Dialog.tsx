import { useId } from 'react';
import type { ReactNode } from 'react';
import { Dialog as KitDialog } from '@groupflow/shell-kit';

interface DialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

/** The kit's modal (focus, Escape, Tab trap) with the title and description every staff dialog opens with. */
export function Dialog({ title, description, onClose, children, wide }: DialogProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;
  return (
    <KitDialog titleId={titleId} describedBy={description ? descriptionId : undefined} onClose={onClose} wide={wide}>
      <h2 id={titleId} className="card-title">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="muted small staff-dialog-description">
          {description}
        </div>
      )}
      {children}
    </KitDialog>
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
