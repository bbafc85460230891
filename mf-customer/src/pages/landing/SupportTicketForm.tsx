import { useMutation } from '@tanstack/react-query';
import { apiClient, serverMessage, useToast } from '@groupflow/shell-kit';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import {
  publicTicketSchema,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  API,
  type PublicTicketInput,
} from '@groupflow/core/contracts';

const EMPTY_FORM: PublicTicketInput = { name: '', email: '', subject: '', message: '', priority: 'medium' };
const REQUIRED_FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** The public "Need Help?" ticket form: POST /api/support/create-public (spec 1 sections 5, 7, 8). */
export default function SupportTicketForm() {
  const toast = useToast();
  const form = useZodForm(publicTicketSchema, { defaultValues: EMPTY_FORM });
  const values = form.watch();
  const missingField = REQUIRED_FIELDS.some((field) => (values[field] ?? '').trim() === '');

  const createTicket = useMutation({
    mutationFn: (body: PublicTicketInput) => apiClient.call(API.support.createPublicTicket, { body }),
    onSuccess: (data) => {
      toast({ title: 'Support ticket created!', variant: 'success' });
      form.reset(EMPTY_FORM);
      if (data?.chatUrl) window.location.assign(data.chatUrl);
    },
    onError: (error) =>
      toast({
        title: 'Failed to create ticket',
        description: serverMessage(error) || 'Failed to create support ticket',
        variant: 'destructive',
      }),
  });

  return (
    <Form
      form={form}
      className="card landing-ticket-form"
      aria-label="Create a support ticket"
      onSubmit={(ticket) => createTicket.mutateAsync(ticket).catch(() => undefined)}
      onInvalid={() => {
        if (missingField) {
          toast({
            title: 'Missing information',
            description: 'Please fill in all required fields',
            variant: 'destructive',
          });
        }
      }}
    >
      <div className="grid-2 landing-form-grid">
        <Field<PublicTicketInput> name="name" label="Name">
          {(control) => (
            <input className="input" type="text" autoComplete="name" required placeholder="Your name" {...control} />
          )}
        </Field>
        <Field<PublicTicketInput> name="email" label="Email">
          {(control) => (
            <input
              className="input"
              type="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              {...control}
            />
          )}
        </Field>
      </div>
      <Field<PublicTicketInput> name="subject" label="Subject">
        {(control) => (
          <input className="input" type="text" required placeholder="Brief description of your issue" {...control} />
        )}
      </Field>
      <Field<PublicTicketInput> name="priority" label="Priority">
        {(control) => (
          <select className="select" {...control}>
            {TICKET_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {TICKET_PRIORITY_LABELS[priority]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field<PublicTicketInput> name="message" label="Message">
        {(control) => (
          <textarea className="textarea" required placeholder="Describe your issue in detail..." {...control} />
        )}
      </Field>
      <SubmitButton
        size="lg"
        className="landing-ticket-submit"
        disabled={missingField}
        pendingLabel="Creating Ticket..."
      >
        Create Support Ticket
      </SubmitButton>
    </Form>
  );
}
