import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, HttpError, queryKeys, useToast } from '@groupflow/shell-kit';
import { fieldErrors, type LegalKind } from '@groupflow/core/contracts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { CREATE_FORMS, listPath, optionLabel, serverFieldErrors } from './kinds.ts';

const initialValues = (kind: LegalKind) =>
  Object.fromEntries(CREATE_FORMS[kind].fields.map((field) => [field.name, field.initial ?? '']));

/** One create dialog of spec 2 section 2; validated by the schema the server uses, reset after each submit. */
export function CreateDialog({ kind, onClose }: { kind: LegalKind; onClose: () => void }) {
  const form = CREATE_FORMS[kind];
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(kind));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (body: unknown) => apiJson<unknown>(listPath(kind), 'POST', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.legal.records(kind) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.legal.summary() });
      toast({ title: form.success, variant: 'success' });
      setValues(initialValues(kind));
      onClose();
    },
    onError: (error) => {
      const fromServer = serverFieldErrors(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) {
        toast({
          title: `Failed to ${form.submit.toLowerCase()}`,
          description: error instanceof HttpError ? error.serverMessage : undefined,
          variant: 'destructive',
        });
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = form.schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <Dialog title={form.title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        {form.fields.map((field) => {
          const id = `${ids}-field-${field.name}`;
          const error = errors[field.name];
          const common = {
            id,
            name: field.name,
            value: values[field.name] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            onChange: (event: { target: { value: string } }) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field.name]: value }));
              if (error) setErrors((current) => ({ ...current, [field.name]: '' }));
            },
          };
          return (
            <div className="field" key={field.name}>
              <label className="label" htmlFor={id}>
                {field.label}
              </label>
              {field.control === 'select' ? (
                <select className="input" {...common}>
                  <option value="" disabled>
                    {field.placeholder}
                  </option>
                  {field.options?.map((option) => (
                    <option key={option} value={option}>
                      {optionLabel(option)}
                    </option>
                  ))}
                </select>
              ) : field.control === 'textarea' ? (
                <textarea className="textarea" rows={4} placeholder={field.placeholder} {...common} />
              ) : (
                <input className="input" placeholder={field.placeholder} {...common} />
              )}
              {error && (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="row legal-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {create.isPending ? form.pending : form.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
