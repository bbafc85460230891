import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { TicketFormSection } from './TicketFormSection.tsx';

describe('TicketFormSection', () => {
  it('hands what was typed into the draft, and the focus, to the form that loads on focus', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(fixture(API.support.createPublicTicket, { id: 4, chatUrl: '' }), 201));
    renderScreen(<TicketFormSection />);
    const draftName = screen.getByLabelText('Name');
    await user.type(draftName, 'Vera');
    // The form replaces the draft (a new element) with the typed value and the focus carried over.
    await waitFor(() => expect(screen.getByLabelText('Name')).not.toBe(draftName));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Vera');
    await waitFor(() => expect(document.activeElement).toBe(name));

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Subject'), 'Roles');
    await user.type(screen.getByLabelText('Message'), 'Help');
    await user.click(screen.getByRole('button', { name: 'Create Support Ticket' }));
    // The schema speaks now: the bad address is refused and nothing is sent.
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(calls).toHaveLength(0);
  });
});
