import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { ChatRecording, ChatThread, type ChatThreadMessage } from './chat.tsx';

const messages: ChatThreadMessage[] = [
  { id: 1, author: 'You', createdAt: '2026-01-02T10:00:00Z', text: 'Roles stopped syncing', mine: true },
  { id: 2, author: 'Sam (Support)', createdAt: '2026-01-02T10:01:00Z', text: 'Looking into it', mine: false },
];

const renderThread = (props: Partial<Parameters<typeof ChatThread>[0]> = {}) =>
  render(
    <ChatThread
      messages={messages}
      loading={false}
      emptyText="No messages yet."
      onSend={() => Promise.resolve()}
      inputLabel="Your message"
      placeholder="Type your message..."
      {...props}
    />,
  );

describe('ChatThread shortcuts (canned responses)', () => {
  const items = [
    { id: 1, code: 'refund', title: 'Refund sent' },
    { id: 2, code: 'refund-late', title: 'Refund delayed' },
    { id: 3, code: 'hi', title: 'Greeting' },
  ];

  it('offers the short codes a / starts, picks with the arrows and Enter, and clears the draft once posted', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn(() => Promise.resolve());
    const onSend = vi.fn(() => Promise.resolve());
    renderThread({ onSend, shortcuts: { items, onPick, label: 'Canned responses' } });
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    await user.type(box, '/ref');
    const list = screen.getByRole('listbox', { name: 'Canned responses' });
    expect([...list.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual([
      '/refund Refund sent',
      '/refund-late Refund delayed',
    ]);
    expect(screen.getByRole('option', { name: '/refund Refund sent' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(items[1]);
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape so Enter sends the text as typed, and offers nothing once the draft is more than a code', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn(() => Promise.resolve());
    const onSend = vi.fn(() => Promise.resolve());
    renderThread({ onSend, shortcuts: { items, onPick, label: 'Canned responses' } });
    const box = screen.getByLabelText('Your message');
    await user.type(box, '/hi');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('/hi');
    await user.type(box, '/hi there');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('keeps the draft when posting the pick fails', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn(() => Promise.reject(new Error('409')));
    renderThread({ shortcuts: { items, onPick, label: 'Canned responses' } });
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    await user.type(box, '/hi');
    fireEvent.mouseDown(screen.getByRole('option', { name: '/hi Greeting' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(items[2]));
    expect(box.value).toBe('/hi');
  });
});

describe('ChatThread', () => {
  it('shows each message with its author, on the side of its sender', () => {
    renderThread();
    const log = screen.getByRole('log', { name: 'Messages' });
    const items = log.querySelectorAll('li');
    expect(items[0]?.className).toContain('mine');
    expect(items[0]?.textContent).toContain('You · ');
    expect(items[1]?.className).toContain('theirs');
    expect(items[1]?.textContent).toContain('Looking into it');
  });

  it('sends with Enter, keeps Shift+Enter as a new line and clears the draft once sent', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve());
    renderThread({ onSend });
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('keeps the draft when sending fails and disables Send while a message is on its way', async () => {
    const user = userEvent.setup();
    let fail: (error: Error) => void = () => {};
    renderThread({ onSend: () => new Promise((_, reject) => (fail = reject)) });
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    fail(new Error('offline'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(box.value).toBe('hello');
  });

  it('shows loading, empty and error states', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = renderThread({ messages: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading messages...');
    rerender(
      <ChatThread
        messages={[]}
        loading={false}
        emptyText="No messages yet."
        onSend={() => Promise.resolve()}
        inputLabel="m"
        placeholder=""
      />,
    );
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    rerender(
      <ChatThread
        messages={undefined}
        loading={false}
        error="Could not load messages."
        onRetry={onRetry}
        emptyText=""
        onSend={() => Promise.resolve()}
        inputLabel="m"
        placeholder=""
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load messages.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('ChatRecording', () => {
  const file = { id: 7, size: 2.5 * 1024 * 1024, durationSeconds: 75 };

  it('asks for a link and plays the recording from it, labelled with its length and size', async () => {
    const requestLink = vi.fn(() => Promise.resolve({ url: '/api/support/attachments/7?access=one' }));
    render(<ChatRecording file={file} requestLink={requestLink} />);
    const video = await screen.findByLabelText('Screen recording, 1:15, 2.5 MB');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/api/support/attachments/7?access=one');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(requestLink).toHaveBeenCalledTimes(1);
  });

  it('gives a short recording its size in KB', async () => {
    render(
      <ChatRecording file={{ id: 8, size: 40_000, durationSeconds: 2 }} requestLink={() => new Promise(() => {})} />,
    );
    expect(screen.getByText('Screen recording, 0:02, 39 KB')).toBeTruthy();
  });

  it('asks once more when playback fails (an expired link), then offers Retry', async () => {
    const requestLink = vi
      .fn<() => Promise<{ url: string }>>()
      .mockResolvedValueOnce({ url: '/a?access=old' })
      .mockResolvedValueOnce({ url: '/a?access=new' })
      .mockResolvedValue({ url: '/a?access=newest' });
    render(<ChatRecording file={file} requestLink={requestLink} />);
    const video = await screen.findByLabelText(/Screen recording/, { selector: 'video' });
    fireEvent.error(video);
    await waitFor(() => expect(video.getAttribute('src')).toBe('/a?access=new'));
    fireEvent.error(video);
    await screen.findByText(/could not be loaded/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requestLink).toHaveBeenCalledTimes(3));
  });

  it('is drawn under its message in the thread', () => {
    render(
      <ChatThread
        messages={[{ ...messages[0]!, attachment: <p>the recording</p> }]}
        loading={false}
        emptyText="No messages yet."
        onSend={() => Promise.resolve()}
        inputLabel="Your message"
        placeholder="Type your message..."
      />,
    );
    expect(screen.getByRole('log').querySelector('li')?.textContent).toContain('the recording');
  });
});
