import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { RatingCard } from './RatingCard.tsx';

const CALL = { params: { id: '7' }, headers: { 'x-chat-key': 'the-key' } };
const RATED = fixture(API.support.rateTicket, { score: 4, comment: 'Kind', createdAt: '2026-03-01T10:00:00.000Z' });

describe('RatingCard', () => {
  it('sends the chosen score and comment with the chat key, once a score is chosen', async () => {
    const user = userEvent.setup();
    const onRated = vi.fn();
    const calls = stubFetch(() => json(RATED, 201));
    renderScreen(<RatingCard rating={null} call={CALL} onRated={onRated} />);
    const send = screen.getByRole('button', { name: 'Send rating' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /4 stars/ }));
    await user.type(screen.getByLabelText('Comment (optional)'), ' Kind ');
    await user.click(send);
    await waitFor(() => expect(onRated).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      url: '/api/support/tickets/7/rating',
      method: 'POST',
      body: { score: 4, comment: 'Kind' },
      headers: expect.objectContaining({ 'x-chat-key': 'the-key' }),
    });
  });

  it('reloads the thread when the ticket was rated meanwhile (409)', async () => {
    const user = userEvent.setup();
    const onRated = vi.fn();
    stubFetch(() => json({ code: 'SUPPORT.ALREADY_RATED', message: 'rated' }, 409));
    renderScreen(<RatingCard rating={null} call={CALL} onRated={onRated} />);
    await user.click(screen.getByRole('radio', { name: /5 stars/ }));
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(onRated).toHaveBeenCalled());
  });

  it('thanks for a rating given', () => {
    renderScreen(<RatingCard rating={RATED} call={CALL} onRated={() => {}} />);
    expect(screen.getByText('Thank you for your feedback')).toBeTruthy();
    expect(screen.getByText(/★★★★☆/)).toBeTruthy();
  });
});
