import { useLayoutEffect, useRef } from 'react';
import { apiClient, serverMessage, useToast } from '@groupflow/shell-kit';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { publicTicketSchema, API, type PublicTicketInput } from '@groupflow/core/contracts';
import {
  EMPTY_TICKET,
  missingRequiredField,
  TICKET_LABELS,
  TicketControl,
  TicketFormLayout,
  type TicketField,
} from './ticketFields.tsx';

export interface SupportTicketFormProps {
  /** What was typed into the draft before this form loaded. */
  initialValues?: PublicTicketInput;
  /** The field that had the focus in the draft, focused again here. */
  focusField?: TicketField | null;
  /** The draft was submitted while this form loaded: submit at once. */
  submitOnMount?: boolean;
}

/** The public "Need Help?" ticket form: POST /api/support/create-public (spec 1 sections 5, 7, 8). */
export default function SupportTicketForm({
  initialValues = EMPTY_TICKET,
  focusField = null,
  submitOnMount = false,
}: SupportTicketFormProps) {
  const toast = useToast();
  const form = useZodForm(publicTicketSchema, { defaultValues: initialValues });
  const formElement = useRef<HTMLFormElement>(null);
  const missingField = missingRequiredField(form.watch());

  // The submit button shows "Creating Ticket..." while this runs (the form's isSubmitting).
  const submit = async (ticket: PublicTicketInput) => {
    try {
      const created = await apiClient.call(API.support.createPublicTicket, { body: ticket });
      toast({ title: 'Support ticket created!', variant: 'success' });
      form.reset(EMPTY_TICKET);
      if (created?.chatUrl) window.location.assign(created.chatUrl);
    } catch (error) {
      toast({
        title: 'Failed to create ticket',
        description: serverMessage(error) || 'Failed to create support ticket',
        variant: 'destructive',
      });
    }
  };
  const refuse = () => {
    if (missingRequiredField(form.getValues())) {
      toast({
        title: 'Missing information',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
    }
  };

  // In the commit that replaces the draft (react-hook-form's setFocus would wait a task), so a keystroke in the
  // middle of the swap lands in this form.
  useLayoutEffect(() => {
    const control = focusField && formElement.current?.elements.namedItem(focusField);
    if (control instanceof HTMLElement) control.focus();
    if (submitOnMount) void form.handleSubmit(submit, refuse)();
    // The draft's hand-over happens once, when this form replaces it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Form
      form={form}
      ref={formElement}
      className="card landing-ticket-form"
      aria-label="Create a support ticket"
      onSubmit={submit}
      onInvalid={refuse}
    >
      <TicketFormLayout
        field={(name) => (
          <Field control={form.control} key={name} name={name} label={TICKET_LABELS[name]}>
            {(control) => <TicketControl field={name} {...control} />}
          </Field>
        )}
        submit={
          <SubmitButton
            size="lg"
            className="landing-ticket-submit"
            disabled={missingField}
            pendingLabel="Creating Ticket..."
          >
            Create Support Ticket
          </SubmitButton>
        }
      />
    </Form>
  );
}
