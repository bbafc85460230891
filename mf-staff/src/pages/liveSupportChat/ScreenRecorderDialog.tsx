import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiClient, Button, serverMessage, useToast } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { API } from '@groupflow/core/contracts';

/** Spec 2 section 9 recorder constants. */
const MAX_SECONDS = 300;
const CHUNK_MS = 250;
const MIME = 'video/webm;codecs=vp8,opus';
/**
 * 1.5 Mbit/s keeps a full 300 s recording with its audio under the server's default MAX_ATTACHMENT_BYTES (64 MiB),
 * and is plenty for text on a screen at 1080p.
 */
const VIDEO_BITS_PER_SECOND = 1_500_000;

type Phase = 'idle' | 'recording' | 'complete';

const supported = () =>
  typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia && typeof MediaRecorder !== 'undefined';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface ScreenRecorderDialogProps {
  /** The selected ticket, which Attach to Ticket sends the recording to. */
  ticketId: number;
  /** False while another staff member holds the ticket's claim: the server would refuse the attachment (409). */
  canAttach: boolean;
}

/**
 * The live chat's Record Screen dialog: capture the screen (microphone optional), then download the webm or
 * attach it to the ticket's chat (issue 26), where staff and the customer can play it.
 */
export function ScreenRecorderDialog({ ticketId, canAttach }: ScreenRecorderDialogProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [withAudio, setWithAudio] = useState(true);
  const [elapsed, setElapsed] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ blob: Blob; url: string; seconds: number } | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const streams = useRef<MediaStream[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const started = useRef(0);

  const stopTracks = () => {
    for (const stream of streams.current) for (const track of stream.getTracks()) track.stop();
    streams.current = [];
    window.clearInterval(timer.current);
  };
  useEffect(() => () => stopTracks(), []);
  useEffect(
    () => () => {
      if (result) URL.revokeObjectURL(result.url);
    },
    [result],
  );

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const start = async () => {
    setFailure(null);
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({
        video: { width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 } },
        audio: false,
      });
      streams.current = [screen];
      const tracks = [...screen.getVideoTracks()];
      if (withAudio) {
        try {
          const mic = await navigator.mediaDevices.getUserMedia({
            audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44100 },
          });
          streams.current.push(mic);
          tracks.push(...mic.getAudioTracks());
        } catch {
          toast({ title: 'Audio unavailable', description: 'Recording will continue without microphone audio' });
        }
      }
      const chunks: Blob[] = [];
      const mimeType = MediaRecorder.isTypeSupported(MIME) ? MIME : 'video/webm';
      const rec = new MediaRecorder(new MediaStream(tracks), {
        mimeType,
        videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
      });
      rec.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      rec.onstop = () => {
        const seconds = Math.round((Date.now() - started.current) / 1000);
        stopTracks();
        const blob = new Blob(chunks, { type: 'video/webm' });
        setResult({ blob, url: URL.createObjectURL(blob), seconds });
        setPhase('complete');
        toast({ title: 'Recording stopped', variant: 'success' });
      };
      // Ending the browser's screen share ends the recording too.
      screen.getVideoTracks()[0]?.addEventListener('ended', () => stop());
      recorder.current = rec;
      started.current = Date.now();
      setElapsed(0);
      rec.start(CHUNK_MS);
      timer.current = window.setInterval(() => {
        const seconds = Math.floor((Date.now() - started.current) / 1000);
        setElapsed(seconds);
        if (seconds >= MAX_SECONDS) stop();
      }, 1000);
      setPhase('recording');
      toast({ title: 'Recording started', variant: 'success' });
    } catch (error) {
      stopTracks();
      const reason = error instanceof Error ? error.message : String(error);
      setFailure(`Failed to start recording: ${reason}`);
      toast({ title: 'Recording failed', description: reason, variant: 'destructive' });
    }
  };

  const download = () => {
    if (!result) return;
    const link = document.createElement('a');
    link.href = result.url;
    link.download = `screen-recording-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.webm`;
    link.click();
    toast({ title: 'Download started', variant: 'success' });
  };

  const reset = () => {
    setResult(null);
    setElapsed(0);
    setPhase('idle');
  };

  const attach = useMutation({
    mutationFn: (recording: { blob: Blob; seconds: number }) =>
      apiClient.call(API.support.attachRecording, {
        params: { id: ticketId },
        query: { durationSeconds: recording.seconds },
        file: recording.blob,
      }),
    onSuccess: () => {
      // The message arrives in the thread through the event stream (or the next poll).
      toast({ title: 'Recording attached', description: 'It is now in the ticket chat', variant: 'success' });
      reset();
      setOpen(false);
    },
    onError: (error) =>
      toast({
        title: 'Upload failed',
        description: serverMessage(error) ?? 'The recording could not be attached',
        variant: 'destructive',
      }),
  });

  return (
    <Dialog
      title="Screen Recorder"
      className="stack"
      trigger={<Button variant="outline">Record Screen</Button>}
      open={open}
      // A running recording is stopped first: Escape, a click outside and Close wait for it.
      onOpenChange={(next) => (next || (phase !== 'recording' && !attach.isPending)) && setOpen(next)}
    >
      {!supported() ? (
        <p className="alert alert-danger">
          Screen recording is not supported in this browser. Please use Chrome, Firefox or Edge.
        </p>
      ) : (
        <>
          {failure && (
            <p className="alert alert-danger" role="alert">
              {failure}
            </p>
          )}
          {phase === 'idle' && (
            <>
              <label className="row">
                <input type="checkbox" checked={withAudio} onChange={(e) => setWithAudio(e.target.checked)} /> Include
                microphone audio
              </label>
              <p className="muted small">Records up to {MAX_SECONDS / 60} minutes.</p>
              <Button onClick={() => void start()}>Start Recording</Button>
            </>
          )}
          {phase === 'recording' && (
            <>
              <p aria-live="polite">
                Recording {clock(elapsed)} / {clock(MAX_SECONDS)}
              </p>
              <Button variant="danger" onClick={stop}>
                Stop Recording
              </Button>
            </>
          )}
          {phase === 'complete' && result && (
            <>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the agent's own screen recording, played back to them */}
              <video className="recorder-preview" src={result.url} controls />
              <p className="small">
                {(result.blob.size / (1024 * 1024)).toFixed(1)} MB · {clock(result.seconds)}
              </p>
              {!canAttach && (
                <p className="muted small">Another staff member has claimed this ticket: only they can attach.</p>
              )}
              <div className="row">
                <Button
                  disabled={!canAttach || attach.isPending}
                  onClick={() => attach.mutate({ blob: result.blob, seconds: result.seconds })}
                >
                  {attach.isPending ? 'Attaching...' : 'Attach to Ticket'}
                </Button>
                <Button variant="outline" onClick={download}>
                  Download
                </Button>
                <Button variant="outline" disabled={attach.isPending} onClick={reset}>
                  New Recording
                </Button>
              </div>
            </>
          )}
        </>
      )}
      <Button variant="ghost" disabled={phase === 'recording' || attach.isPending} onClick={() => setOpen(false)}>
        Close
      </Button>
    </Dialog>
  );
}
