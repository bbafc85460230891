import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import * as RadixAlert from '@radix-ui/react-alert-dialog';
import { Button } from './ui/Button.tsx';

/**
 * Radix returns focus only to its own Trigger; screens that open a dialog from state have none, so the dialog
 * remembers the element focused when it mounted and hands focus back to it when it closes.
 */
function useFocusReturn(): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  return (event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
}

export interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  className?: string;
  /** Element that opens the dialog; without it the dialog is open while rendered and `onClose` closes it. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Escape, a click outside or a close button: the screen stops rendering the dialog. */
  onClose?: () => void;
}

/** The modal of every screen (Radix Dialog): focus trap, Escape, click outside, focus back to the opener. */
export function Dialog({
  title,
  description,
  children,
  wide,
  className,
  trigger,
  open,
  onOpenChange,
  onClose,
}: DialogProps) {
  const returnFocus = useFocusReturn();
  const controlled = trigger === undefined;
  return (
    <RadixDialog.Root
      open={controlled ? (open ?? true) : open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onClose?.();
      }}
    >
      {trigger !== undefined && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-backdrop">
          <RadixDialog.Content
            className={['dialog', wide ? 'dialog-wide' : '', className ?? ''].filter(Boolean).join(' ')}
            onCloseAutoFocus={controlled ? returnFocus : undefined}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <RadixDialog.Title className="card-title">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description asChild>
                <div className="muted small kit-dialog-description">{description}</div>
              </RadixDialog.Description>
            )}
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A close control for dialog content (Radix Close: closes through the dialog's own onOpenChange). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

export interface DialogActionsProps {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  danger?: boolean;
  cancelLabel?: string;
  /** Without it the confirm button submits the surrounding form. */
  onConfirm?: () => void;
}

/** Cancel and confirm row at the foot of a dialog; the confirm button shows its pending label while busy. */
export function DialogActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  disabled,
  danger,
  cancelLabel = 'Cancel',
  onConfirm,
}: DialogActionsProps) {
  return (
    <div className="row kit-dialog-actions">
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={danger ? 'danger' : 'primary'}
        onClick={onConfirm}
        disabled={disabled}
        pending={pending}
        pendingLabel={pendingLabel}
      >
        {label}
      </Button>
    </div>
  );
}

export interface AlertDialogProps {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * Confirmation before a destructive or final action (Radix AlertDialog): focus starts on Cancel, Escape cancels,
 * a click outside does nothing, and the confirm button stays until the action settles.
 */
export function AlertDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  pending = false,
  danger = true,
  onConfirm,
  onCancel,
  children,
}: AlertDialogProps) {
  const returnFocus = useFocusReturn();
  return (
    <RadixAlert.Root open onOpenChange={(next) => !next && !pending && onCancel()}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="dialog-backdrop">
          <RadixAlert.Content
            className="dialog"
            onCloseAutoFocus={returnFocus}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <RadixAlert.Title className="card-title">{title}</RadixAlert.Title>
            {description && (
              <RadixAlert.Description asChild>
                <div className="muted small kit-dialog-description">{description}</div>
              </RadixAlert.Description>
            )}
            {children}
            <div className="row kit-dialog-actions">
              <RadixAlert.Cancel asChild>
                <Button variant="outline" disabled={pending}>
                  {cancelLabel}
                </Button>
              </RadixAlert.Cancel>
              <Button
                variant={danger ? 'danger' : 'primary'}
                pending={pending}
                pendingLabel={pendingLabel}
                onClick={onConfirm}
              >
                {confirmLabel}
              </Button>
            </div>
          </RadixAlert.Content>
        </RadixAlert.Overlay>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
