import { useRef, useState, type ComponentType } from 'react';
import { Button, FieldLayout } from '@groupflow/shell-kit';
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

/**
 * The "Need Help?" form. It is drawn at once as a plain draft; react-hook-form, zod and the contract schema load
 * when a visitor first focuses it, and the real form then takes over what was typed, the focus and a pending submit.
 * Most visitors never open the form, so the first page does not carry them.
 */
export function TicketFormSection() {
  const [draft, setDraft] = useState<PublicTicketInput>(EMPTY_TICKET);
  const [submitRequested, setSubmitRequested] = useState(false);
  const [Loaded, setLoaded] = useState<ComponentType<SupportTicketFormProps> | null>(null);
  // Followed as state, not read from document.activeElement when the chunk arrives: a visitor (or a test) moving
  // to the next field between the chunk's arrival and the swap would otherwise be sent back to the previous one, and
  // the next keystrokes would land there.
  const [focusField, setFocusField] = useState<TicketField | null>(null);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./SupportTicketForm.tsx').then(
      ({ default: Form }) => setLoaded(() => Form),
      () => {
        // Offline or a failed chunk: the next focus or submit tries again.
        loading.current = false;
        setSubmitRequested(false);
      },
    );
  };

  if (Loaded) return <Loaded initialValues={draft} focusField={focusField} submitOnMount={submitRequested} />;

  return (
    <form
      noValidate
      className="card landing-ticket-form"
      aria-label="Create a support ticket"
      onFocus={(event) => {
        setFocusField((event.target.getAttribute('name') as TicketField | null) ?? null);
        load();
      }}
      onBlur={() => setFocusField(null)}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitRequested(true);
        load();
      }}
    >
      <TicketFormLayout
        field={(name) => (
          <FieldLayout key={name} label={TICKET_LABELS[name]}>
            {(aria) => (
              <TicketControl
                field={name}
                {...aria}
                name={name}
                value={draft[name] ?? ''}
                onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
              />
            )}
          </FieldLayout>
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
