import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiJson, HttpError, useToast } from '@groupflow/shell-kit';
import {
  publicTicketSchema,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type PublicTicketCreated,
  type PublicTicketInput,
  type TicketPriority,
} from '@groupflow/core/contracts';

type TextField = 'name' | 'email' | 'subject' | 'message';
type FormState = Record<TextField, string> & { priority: TicketPriority };
type FieldErrors = Partial<Record<keyof FormState, string | undefined>>;

const EMPTY_FORM: FormState = { name: '', email: '', subject: '', message: '', priority: 'medium' };
const REQUIRED_FIELDS: readonly TextField[] = ['name', 'email', 'subject', 'message'];
const FIELD_KEYS: readonly (keyof FormState)[] = ['name', 'email', 'subject', 'message', 'priority'];

function isFieldKey(key: unknown): key is keyof FormState {
  return typeof key === 'string' && (FIELD_KEYS as readonly string[]).includes(key);
}

/** The public "Need Help?" ticket form: POST /api/support/create-public (spec 1 sections 5, 7, 8). */
export default function SupportTicketForm() {
  const toast = useToast();
  const formId = useId();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});

  const createTicket = useMutation({
    mutationFn: (body: PublicTicketInput) =>
      apiJson<PublicTicketCreated>('/api/support/create-public', 'POST', body),
    onSuccess: (data) => {
      toast({ title: 'Support ticket created!', variant: 'success' });
      setForm(EMPTY_FORM);
      setErrors({});
      if (data?.chatUrl) window.location.assign(data.chatUrl);
    },
    onError: (error) => {
      const serverMessage = error instanceof HttpError ? error.serverMessage : undefined;
      toast({
        title: 'Failed to create ticket',
        description: serverMessage || 'Failed to create support ticket',
        variant: 'destructive',
      });
    },
  });

  const missingField = REQUIRED_FIELDS.some((field) => form[field].trim() === '');

  const update =
    (field: keyof FormState) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setForm((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createTicket.isPending) return;
    if (missingField) {
      toast({ title: 'Missing information', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    const parsed = publicTicketSchema.safeParse(form);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isFieldKey(key) && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    createTicket.mutate(parsed.data);
  };

  const fieldId = (field: keyof FormState) => `${formId}-${field}`;
  const errorId = (field: keyof FormState) => `${formId}-${field}-error`;
  const a11y = (field: keyof FormState) => ({
    id: fieldId(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const fieldError = (field: keyof FormState) =>
    errors[field] ? (
      <p id={errorId(field)} className="field-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="card landing-ticket-form" onSubmit={onSubmit} noValidate aria-label="Create a support ticket">
      <div className="grid-2 landing-form-grid">
        <div className="field">
          <label className="label" htmlFor={fieldId('name')}>
            Name
          </label>
          <input
            className="input"
            type="text"
            autoComplete="name"
            required
            value={form.name}
            onChange={update('name')}
            placeholder="Your name"
            {...a11y('name')}
          />
          {fieldError('name')}
        </div>
        <div className="field">
          <label className="label" htmlFor={fieldId('email')}>
            Email
          </label>
          <input
            className="input"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={update('email')}
            placeholder="you@example.com"
            {...a11y('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <div className="field">
        <label className="label" htmlFor={fieldId('subject')}>
          Subject
        </label>
        <input
          className="input"
          type="text"
          required
          value={form.subject}
          onChange={update('subject')}
          placeholder="Brief description of your issue"
          {...a11y('subject')}
        />
        {fieldError('subject')}
      </div>
      <div className="field">
        <label className="label" htmlFor={fieldId('priority')}>
          Priority
        </label>
        <select className="select" value={form.priority} onChange={update('priority')} {...a11y('priority')}>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {TICKET_PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
        {fieldError('priority')}
      </div>
      <div className="field">
        <label className="label" htmlFor={fieldId('message')}>
          Message
        </label>
        <textarea
          className="textarea"
          required
          value={form.message}
          onChange={update('message')}
          placeholder="Describe your issue in detail..."
          {...a11y('message')}
        />
        {fieldError('message')}
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-lg landing-ticket-submit"
        disabled={missingField || createTicket.isPending}
        aria-busy={createTicket.isPending || undefined}
      >
        {createTicket.isPending ? 'Creating Ticket...' : 'Create Support Ticket'}
      </button>
    </form>
  );
}
