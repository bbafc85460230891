import { useRef, useState, type ComponentType } from 'react';
import { Button, FieldFrame } from '@groupflow/shell-kit';
import type { PublicTicketInput } from '@groupflow/core/contracts';
import type { SupportTicketFormProps } from './SupportTicketForm.tsx';
import {
  EMPTY_TICKET,
  missingRequiredField,
  TICKET_LABELS,
  TicketControl,
  TicketFormLayout,
  type TicketField,
} from './ticketFields.tsx';

interface Loaded {
  Form: ComponentType<SupportTicketFormProps>;
  focusField: TicketField | null;
}

/**
 * The "Need Help?" form. It is drawn at once as a plain draft; react-hook-form, zod and the contract schema load
 * when a visitor first focuses it, and the real form then takes over what was typed, the focus and a pending submit.
 * Most visitors never open the form, so the first page does not carry them.
 */
export function TicketFormSection() {
  const [draft, setDraft] = useState<PublicTicketInput>(EMPTY_TICKET);
  const [submitRequested, setSubmitRequested] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./SupportTicketForm.tsx').then(
      ({ default: Form }) => {
        const active = document.activeElement;
        const inDraft = active instanceof HTMLElement && formRef.current?.contains(active);
        setLoaded({ Form, focusField: inDraft ? ((active.getAttribute('name') as TicketField | null) ?? null) : null });
      },
      () => {
        // Offline or a failed chunk: the next focus or submit tries again.
        loading.current = false;
        setSubmitRequested(false);
      },
    );
  };

  if (loaded)
    return <loaded.Form initialValues={draft} focusField={loaded.focusField} submitOnMount={submitRequested} />;

  return (
    <form
      ref={formRef}
      noValidate
      className="card landing-ticket-form"
      aria-label="Create a support ticket"
      onFocus={load}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitRequested(true);
        load();
      }}
    >
      <TicketFormLayout
        field={(name) => (
          <FieldFrame key={name} label={TICKET_LABELS[name]}>
            {(aria) => (
              <TicketControl
                field={name}
                {...aria}
                name={name}
                value={draft[name] ?? ''}
                onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
              />
            )}
          </FieldFrame>
        )}
        submit={
          <Button
            type="submit"
            size="lg"
            className="landing-ticket-submit"
            disabled={missingRequiredField(draft)}
            pending={submitRequested}
            pendingLabel="Creating Ticket..."
          >
            Create Support Ticket
          </Button>
        }
      />
    </form>
  );
}
