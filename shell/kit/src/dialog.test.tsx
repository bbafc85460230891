import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertDialog, Dialog, DialogActions } from './dialog.tsx';

function Opener({ onSave = () => {} }: { onSave?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Reset password" description="Pick a new one" onClose={() => setOpen(false)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              onSave();
            }}
          >
            <input aria-label="Password" />
            <DialogActions onCancel={() => setOpen(false)} label="Save" pendingLabel="Saving..." pending={false} />
          </form>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a named, described modal that takes focus and returns it to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Reset password' });
    // Modal: the page behind is hidden from assistive technology while the dialog is open.
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Pick a new one');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('submits its form with Enter and closes from Cancel, focus back on the opener', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Opener onSave={onSave} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(onSave).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('DialogActions', () => {
  it('disables the confirm button and shows the pending label while busy', () => {
    render(<DialogActions onCancel={() => {}} label="Save" pendingLabel="Saving..." pending onConfirm={() => {}} />);
    const confirm = screen.getByRole('button', { name: 'Saving...' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
  });
});

describe('AlertDialog', () => {
  function Confirming({ onConfirm, pending = false }: { onConfirm: () => void; pending?: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete
        </button>
        {open && (
          <AlertDialog
            title="Delete this ticket?"
            confirmLabel="Yes, delete"
            pendingLabel="Deleting..."
            pending={pending}
            onConfirm={onConfirm}
            onCancel={() => setOpen(false)}
          />
        )}
      </>
    );
  }

  it('starts on Cancel, cancels with Escape and returns focus', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    screen.getByRole('alertdialog', { name: 'Delete this ticket?' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('confirms from its action button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Confirming onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cannot be cancelled while the action runs', async () => {
    const user = userEvent.setup();
    render(<Confirming onConfirm={() => {}} pending />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    screen.getByRole('alertdialog');
  });
});
