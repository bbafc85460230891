import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ErrorState, LoadingState } from './ui/states.tsx';

/** One message as a chat view shows it; each screen maps its contract's message to this. */
export interface ChatThreadMessage {
  id: number | string;
  author: string;
  /** ISO date of sending. */
  createdAt: string;
  text: string;
  /** Sent by the person looking at the screen: shown on the right, in the accent colour. */
  mine: boolean;
  /** A file the message carries, drawn under its text (a `ChatRecording`). */
  attachment?: ReactNode;
}

/** What a chat shows of a recording before it plays: as the contracts describe an attachment. */
export interface ChatRecordingFile {
  id: number;
  size: number;
  durationSeconds: number | null;
}

const MEGABYTE = 1024 * 1024;
const fileSize = (bytes: number) =>
  bytes < MEGABYTE ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MEGABYTE).toFixed(1)} MB`;
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * A screen recording in a chat, playable in place. A <video> element sends no bearer token or chat key, so the
 * screen passes `requestLink`, which asks the server for a short-lived address of this attachment; a link that
 * expired while the chat stayed open is asked for again when playback fails.
 */
export function ChatRecording({
  file,
  requestLink,
}: {
  file: ChatRecordingFile;
  requestLink: () => Promise<{ url: string }>;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const renewed = useRef(false);
  const ask = useRef(requestLink);
  ask.current = requestLink;

  const load = useCallback(() => {
    setFailed(false);
    ask.current().then(
      (link) => setUrl(link.url),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load, file.id]);

  const label = `Screen recording${file.durationSeconds === null ? '' : `, ${duration(file.durationSeconds)}`}, ${fileSize(file.size)}`;
  return (
    <figure className="kit-chat-recording">
      {url && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a screen recording of the agent's own screen, no speech track to caption
        <video
          src={url}
          controls
          preload="metadata"
          aria-label={label}
          onError={() => {
            if (renewed.current) return setFailed(true);
            renewed.current = true;
            load();
          }}
        />
      )}
      {failed && (
        <p className="small" role="alert">
          The recording could not be loaded.{' '}
          <button type="button" className="btn btn-ghost" onClick={load}>
            Retry
          </button>
        </p>
      )}
      <figcaption className="small muted">{label}</figcaption>
    </figure>
  );
}

const messageTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export interface ChatThreadProps {
  messages: readonly ChatThreadMessage[] | undefined;
  loading: boolean;
  /** Set when the messages failed to load. */
  error?: ReactNode;
  onRetry?: () => void;
  emptyText: string;
  /** Sends a message; the draft is cleared once the promise resolves and kept if it rejects. */
  onSend: (text: string) => Promise<unknown>;
  /** No typing at all (the conversation is not loaded yet). */
  disabled?: boolean;
  inputLabel: string;
  /** Shows `inputLabel` only to screen readers (the default); false for a visible label. */
  hideInputLabel?: boolean;
  placeholder: string;
  sendAriaLabel?: string;
  threadLabel?: string;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The one chat thread of the customer chat, staff live chat and the ticket chat dialog: messages scrolled to the
 * newest, a reply box where Enter sends and Shift+Enter starts a new line, and a Send button that says
 * 'Sending...' while the message is on its way.
 */
export function ChatThread({
  messages,
  loading,
  error,
  onRetry,
  emptyText,
  onSend,
  disabled = false,
  inputLabel,
  hideInputLabel = true,
  placeholder,
  sendAriaLabel,
  threadLabel = 'Messages',
  autoFocus,
  className,
}: ChatThreadProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const count = messages?.length ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || sending || disabled) return;
    setSending(true);
    try {
      await onSend(text);
      setDraft('');
    } catch {
      // The screen reports the failure (a toast); the draft stays so the user can send it again.
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className={className ? `kit-chat ${className}` : 'kit-chat'}>
      <div className="kit-chat-thread" role="log" aria-label={threadLabel} aria-busy={loading || undefined}>
        {loading && <LoadingState label="Loading messages..." />}
        {error && <ErrorState message={error} onRetry={onRetry} />}
        {messages?.length === 0 && <p className="muted center">{emptyText}</p>}
        <ol className="kit-chat-messages">
          {messages?.map((m) => (
            <li key={m.id} className={`kit-chat-message ${m.mine ? 'mine' : 'theirs'}`}>
              <span className="small muted">
                {m.author} · {messageTime(m.createdAt)}
              </span>
              <p>{m.text}</p>
              {m.attachment}
            </li>
          ))}
        </ol>
        <div ref={bottom} />
      </div>
      <form className="row kit-chat-input" onSubmit={(event) => void submit(event)}>
        <label className={hideInputLabel ? 'label sr-only' : 'label'} htmlFor={inputId}>
          {inputLabel}
        </label>
        <textarea
          id={inputId}
          className="textarea"
          rows={2}
          placeholder={placeholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          autoFocus={autoFocus}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!draft.trim() || sending || disabled}
          aria-label={sendAriaLabel}
        >
          {sending ? 'Sending...' : 'Send'}
        </button>
      </form>
    </div>
  );
}
