import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '@groupflow/shell-kit/testing';
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

describe('ScreenRecorderDialog', () => {
  it('opens as a modal from its button, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    stubMedia();
    renderScreen(<ScreenRecorderDialog />);
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
    const { toasts } = renderScreen(<ScreenRecorderDialog />);
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
});
