import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import SupportTicketForm from './SupportTicketForm.tsx';

const fill = async (
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>,
) => {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
};

describe('SupportTicketForm', () => {
  it('keeps Create Support Ticket disabled until every required field has text', async () => {
    const user = userEvent.setup();
    renderScreen(<SupportTicketForm />);
    const submit = screen.getByRole('button', { name: 'Create Support Ticket' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await fill(user, { Name: 'Vera', Email: 'vera@example.test', Subject: 'Roles' });
    expect(submit.disabled).toBe(true);
    await fill(user, { Message: 'They stopped syncing' });
    expect(submit.disabled).toBe(false);
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
  });

  it('shows the schema message beside an invalid email and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json({}));
    renderScreen(<SupportTicketForm />);
    await fill(user, { Name: 'Vera', Email: 'not-an-email', Subject: 'Roles', Message: 'Help' });
    await user.click(screen.getByRole('button', { name: 'Create Support Ticket' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(email.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('creates the ticket with Enter, says so and goes to the chat', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let release: () => void = () => {};
    const calls = stubFetch(
      () =>
        new Promise<Response>(
          (resolve) =>
            (release = () =>
              resolve(
                json(
                  fixture(API.support.createPublicTicket, { id: 4, chatUrl: 'http://x/support-chat?ticket=4#key=k' }),
                  201,
                ),
              )),
        ),
    );
    const { toasts } = renderScreen(<SupportTicketForm />);
    await fill(user, { Name: 'Vera', Email: 'vera@example.test', Message: 'They stopped syncing' });
    await user.type(screen.getByLabelText('Subject'), 'Roles{Enter}');
    const pending = await screen.findByRole('button', { name: 'Creating Ticket...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://x/support-chat?ticket=4#key=k'));
    expect(calls[0]).toMatchObject({
      url: '/api/support/create-public',
      method: 'POST',
      body: {
        name: 'Vera',
        email: 'vera@example.test',
        subject: 'Roles',
        message: 'They stopped syncing',
        priority: 'medium',
      },
    });
    expect(toasts).toContainEqual({ title: 'Support ticket created!', variant: 'success' });
  });

  it('reports a refused ticket with the server message', async () => {
    const user = userEvent.setup();
    stubFetch(() => errorResponse(429, { code: 'SUPPORT.TOO_MANY_TICKETS', message: 'Too many tickets' }));
    const { toasts } = renderScreen(<SupportTicketForm />);
    await fill(user, { Name: 'Vera', Email: 'vera@example.test', Subject: 'Roles', Message: 'Help' });
    await user.click(screen.getByRole('button', { name: 'Create Support Ticket' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Failed to create ticket',
        description: 'Too many tickets',
        variant: 'destructive',
      }),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Vera');
  });
});
