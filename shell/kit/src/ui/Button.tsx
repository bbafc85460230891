import { forwardRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  /** Shows `pendingLabel` (or the children), disables the button and marks it busy. */
  pending?: boolean;
  pendingLabel?: string;
}

/** The theme's .btn; `type` defaults to "button" so a button inside a form never submits by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    pending = false,
    pendingLabel,
    className,
    type = 'button',
    disabled,
    children,
    ...rest
  },
  ref,
) {
  const classes = ['btn', `btn-${variant}`, size === 'lg' ? 'btn-lg' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
});
