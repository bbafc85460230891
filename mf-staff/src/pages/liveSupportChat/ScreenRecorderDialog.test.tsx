import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { ScreenRecorderDialog } from './ScreenRecorderDialog.tsx';

/** A recorder that records nothing: enough for the dialog's phases. */
class FakeRecorder {
  static isTypeSupported = () => true;
  state = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.onstop?.();
  }
}

const fakeStream = () => ({ getTracks: () => [], getVideoTracks: () => [], getAudioTracks: () => [] });

function stubMedia() {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('MediaStream', class {});
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getDisplayMedia: async () => fakeStream(), getUserMedia: async () => fakeStream() },
  });
  URL.createObjectURL = () => 'blob:recording';
  URL.revokeObjectURL = () => {};
}

const ATTACHED = fixture(API.support.attachRecording, {
  id: 9,
  ticketId: 5,
  staffUserId: 1,
  senderName: 'Ada',
  senderType: 'staff',
  message: 'Screen recording',
  attachment: { id: 3, contentType: 'video/webm', size: 4, durationSeconds: 0 },
  isPrivate: false,
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('ScreenRecorderDialog', () => {
  it('opens as a modal from its button, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    stubMedia();
    renderScreen(<ScreenRecorderDialog ticketId={5} canAttach />);
    const opener = screen.getByRole('button', { name: 'Record Screen' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Screen Recorder' });
    expect((screen.getByLabelText('Include microphone audio') as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('stays open while recording: Escape and Close wait for Stop', async () => {
    const user = userEvent.setup();
    stubMedia();
    const { toasts } = renderScreen(<ScreenRecorderDialog ticketId={5} canAttach />);
    await user.click(screen.getByRole('button', { name: 'Record Screen' }));
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await screen.findByRole('button', { name: 'Stop Recording' });
    expect(toasts).toContainEqual({ title: 'Recording started', variant: 'success' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Screen Recorder' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Stop Recording' }));
    expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  async function recordOnce(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Record Screen' }));
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    return screen.findByRole('button', { name: 'Attach to Ticket' });
  }

  it('attaches the recording to the ticket as a WebM with its length, then closes', async () => {
    const user = userEvent.setup();
    stubMedia();
    const calls = stubFetch(() => json(ATTACHED, 201));
    const { toasts } = renderScreen(<ScreenRecorderDialog ticketId={5} canAttach />);
    await user.click(await recordOnce(user));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/support/tickets/5/attachments?durationSeconds=0',
      method: 'POST',
      headers: { 'Content-Type': 'video/webm' },
    });
    expect(calls[0]!.body).toBeInstanceOf(Blob);
    expect(toasts).toContainEqual({
      title: 'Recording attached',
      description: 'It is now in the ticket chat',
      variant: 'success',
    });
  });

  it("says 'Upload failed' with the server's reason, keeping the recording to try again or download", async () => {
    const user = userEvent.setup();
    stubMedia();
    stubFetch(() => json({ message: 'The file is larger than the 64 MB limit', issues: [] }, 413));
    const { toasts } = renderScreen(<ScreenRecorderDialog ticketId={5} canAttach />);
    await user.click(await recordOnce(user));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Upload failed',
        description: 'The file is larger than the 64 MB limit',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Screen Recorder' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it("offers no attaching while another staff member holds the ticket's claim", async () => {
    const user = userEvent.setup();
    stubMedia();
    const calls = stubFetch(() => json(ATTACHED, 201));
    renderScreen(<ScreenRecorderDialog ticketId={5} canAttach={false} />);
    const attach = (await recordOnce(user)) as HTMLButtonElement;
    expect(attach.disabled).toBe(true);
    expect(screen.getByText(/only they can attach/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
