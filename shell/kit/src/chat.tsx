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
  /** Typing `/` and a short code offers these (canned responses); picking one hands it to `onPick`. */
  shortcuts?: ChatShortcuts;
}

export interface ChatShortcut {
  id: number;
  /** Typed after `/`. */
  code: string;
  title: string;
}

export interface ChatShortcuts {
  items: readonly ChatShortcut[];
  /** Posts the shortcut; the draft is cleared once the promise resolves and kept if it rejects. */
  onPick: (shortcut: ChatShortcut) => Promise<unknown>;
  /** Names the list for screen readers, e.g. "Canned responses". */
  label: string;
}

/** What follows a leading `/` while the draft is still one word: the short code being typed. */
const SHORT_CODE_DRAFT = /^\/([a-z0-9-]*)$/;

function matchingShortcuts(draft: string, shortcuts: ChatShortcuts | undefined): readonly ChatShortcut[] {
  const typed = SHORT_CODE_DRAFT.exec(draft)?.[1];
  if (typed === undefined || !shortcuts) return [];
  return shortcuts.items.filter((item) => item.code.startsWith(typed));
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
  shortcuts,
}: ChatThreadProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const listId = useId();
  const count = messages?.length ?? 0;
  const offered = dismissed ? [] : matchingShortcuts(draft, shortcuts);
  const current = offered[Math.min(active, offered.length - 1)];

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  /** Sends, clearing the draft once sent and keeping it when the send fails (the screen reports why). */
  const sendWith = async (send: () => Promise<unknown>) => {
    if (sending || disabled) return;
    setSending(true);
    try {
      await send();
      setDraft('');
    } catch {
      // The screen reports the failure (a toast); the draft stays so the user can send it again.
    } finally {
      setSending(false);
    }
  };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (text) await sendWith(() => onSend(text));
  };
  const pick = (shortcut: ChatShortcut) => void sendWith(() => shortcuts!.onPick(shortcut));
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (current) {
      const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
      if (event.key in moves) {
        event.preventDefault();
        setActive((offered.length + Math.min(active, offered.length - 1) + moves[event.key]!) % offered.length);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(true);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(current);
        return;
      }
    }
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
          onChange={(event) => {
            setDraft(event.target.value);
            setActive(0);
            setDismissed(false);
          }}
          onKeyDown={onKeyDown}
          disabled={disabled}
          autoFocus={autoFocus}
          role={shortcuts ? 'combobox' : undefined}
          aria-expanded={shortcuts ? offered.length > 0 : undefined}
          aria-controls={shortcuts && offered.length > 0 ? listId : undefined}
          aria-autocomplete={shortcuts ? 'list' : undefined}
          aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
        />
        {shortcuts && offered.length > 0 && (
          <ul id={listId} role="listbox" aria-label={shortcuts.label} className="kit-chat-shortcuts">
            {offered.map((shortcut) => (
              <li
                key={shortcut.id}
                id={`${listId}-${shortcut.id}`}
                role="option"
                aria-selected={shortcut === current}
                className={shortcut === current ? 'kit-chat-shortcut active' : 'kit-chat-shortcut'}
                // mousedown, not click: the textarea keeps its focus.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(shortcut);
                }}
              >
                <code>/{shortcut.code}</code> <span className="muted">{shortcut.title}</span>
              </li>
            ))}
          </ul>
        )}
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
