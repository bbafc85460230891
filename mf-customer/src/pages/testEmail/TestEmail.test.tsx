import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import TestEmail from './TestEmail.tsx';

describe('TestEmail', () => {
  it('says an address is needed, then that it must be valid, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json({}));
    renderScreen(<TestEmail />);
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Please enter an email address')).toBeTruthy();
    await user.type(screen.getByLabelText('Email address'), 'nobody');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the chosen type with Enter, busy while sending, and shows the answer', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = stubFetch(
      () =>
        new Promise<Response>(
          (resolve) =>
            (release = () =>
              resolve(json(fixture(API.diagnostics.sendTestEmail, { success: true, message: 'Sent to ada' })))),
        ),
    );
    const { toasts } = renderScreen(<TestEmail />);
    await user.click(screen.getByRole('combobox', { name: 'Email type' }));
    await user.click(await screen.findByRole('option', { name: 'Termination' }));
    await user.type(screen.getByLabelText('Email address'), ' ada@example.test {Enter}');
    const busy = (await screen.findByRole('button', { name: 'Sending...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    await waitFor(() =>
      expect(toasts).toContainEqual({ title: 'Test email sent', description: 'Sent to ada', variant: 'success' }),
    );
    expect(calls[0]).toMatchObject({
      url: '/api/test-email',
      method: 'POST',
      body: { emailAddress: 'ada@example.test', type: 'termination' },
    });
  });

  it("reports the mail server's refusal", async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ success: false, message: 'SMTP refused' }, 502));
    const { toasts } = renderScreen(<TestEmail />);
    await user.type(screen.getByLabelText('Email address'), 'ada@example.test{Enter}');
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Email test failed',
        description: 'SMTP refused',
        variant: 'destructive',
      }),
    );
  });

  it('moves from the address to the type to the button with Tab', async () => {
    const user = userEvent.setup();
    renderScreen(<TestEmail />);
    await user.click(screen.getByLabelText('Email address'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Email type'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send Test Email' }));
  });
});
