import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent as ReactFocusEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import { LogoutForm, UserAvatar } from '@groupflow/shell-kit';
import { NEXT_STEPS } from './types.ts';

/** Username and avatar button opening a small menu with the next steps (NEXT_STEPS) and Logout. */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItemRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: ReactFocusEvent<HTMLDivElement>) => {
    // Close once focus leaves the whole menu (e.g. Tab past the last item).
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="landing-user-menu" ref={wrapperRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline landing-user-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserAvatar user={user} size={28} />
        <span>{user.username}</span>
        <span aria-hidden="true" className="landing-caret">
          ▾
        </span>
      </button>
      {open && (
        <div id={menuId} className="landing-user-dropdown" role="group" aria-label="User menu">
          {NEXT_STEPS.map((step, index) => (
            <Link
              key={step.to}
              ref={index === 0 ? firstItemRef : undefined}
              to={step.to}
              className="landing-menu-item"
              onClick={() => setOpen(false)}
            >
              {step.label}
            </Link>
          ))}
          <LogoutForm className="landing-menu-item">Logout</LogoutForm>
        </div>
      )}
    </div>
  );
}
