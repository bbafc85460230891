import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  type Control,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { HttpError } from './request.ts';
import { Button, type ButtonProps } from './ui/Button.tsx';
import { FieldLayout, type FieldAria } from './ui/FieldLayout.tsx';

// FieldLayout lives in the light main entry (a page may draw a field before this module loads); forms take it here.
export { FieldLayout, type FieldAria };
/** The shape of every form's values: a component generic over the form it draws fields of constrains with it. */
export type { FieldValues };
/** For a field that is a group of controls under a legend (a fieldset), which Field's one label cannot name. */
export { useController };

/** The values a form of schema `S` edits (the schema's input). */
export type FormValues<S extends z.ZodType> = z.input<S>;

/**
 * The `control` of a useZodForm over schema `S`: what a component drawing some of that form's fields takes, so its
 * field names are checked against the schema (`control: FormControl<typeof mfaCodeSchema>`).
 */
export type FormControl<S extends z.ZodType<FieldValues, FieldValues>> = Control<z.input<S>, unknown, z.output<S>>;

/**
 * A react-hook-form form validated by a contract schema from core/contracts: the screen's values are the
 * schema's input, the submit handler receives its parsed output. Errors show once a field is left or the form
 * is submitted, and follow each keystroke after that.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/** The `<form>` of a useZodForm: no browser validation (the schema speaks), Enter submits, fields find the form. */
export function Form<In extends FieldValues, Out extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> & {
  form: UseFormReturn<In, unknown, Out>;
  /** The `<form>` element itself (passed on as React 19 passes refs: as a prop). */
  ref?: Ref<HTMLFormElement>;
  onSubmit: SubmitHandler<Out>;
  /** Called with the field errors when a submit is refused by the schema (after they are shown). */
  onInvalid?: SubmitErrorHandler<In>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What a Field's control receives: the aria wiring plus react-hook-form's value, change, blur and ref. */
export interface FieldControl extends FieldAria {
  name: string;
  ref: RefCallBack;
  // react-hook-form types a field's value as any: one Field renders text inputs, selects and switches.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  value: any;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  disabled?: boolean;
}

/**
 * What names one field of a form: the form's `control` (`form.control`) and a key of its values. The form's values
 * are inferred from `control`, so `name` is checked against the schema without naming its type.
 */
export interface FieldName<T extends FieldValues, Out> {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
}

/**
 * One field of a `Form`: `<Field control={form.control} name="email" label="Email">`, the error is the schema's
 * message for it. `children` renders the control: `{(control) => <input className="input" {...control} />}`; for a
 * checkbox use `checked={control.value}`, for Radix controls pass `control.onChange` as the value callback; a choice
 * among options is a `SelectField` (`@groupflow/shell-kit/select-field`).
 */
export function Field<T extends FieldValues, Out>({
  control,
  name,
  label,
  hint,
  className,
  children,
}: FieldName<T, Out> & {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const { field, fieldState } = useController({ name, control });
  return (
    <FieldLayout label={label} hint={hint} error={fieldState.error?.message} className={className}>
      {(aria) =>
        children({
          ...aria,
          name: field.name,
          ref: field.ref,
          value: field.value ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          disabled: field.disabled,
        })
      }
    </FieldLayout>
  );
}

/** The form-level error (a refused submit), set with `form.setError('root', { message })`. */
export function FormError() {
  const { formState } = useFormContext();
  const message = formState.errors.root?.message;
  return message ? (
    <div className="alert alert-danger kit-form-error" role="alert">
      {message}
    </div>
  ) : null;
}

/** Submit button of a Form: busy and disabled while the submit handler runs (or `pending` says so). */
export function SubmitButton({ pending, ...props }: Omit<ButtonProps, 'type'>) {
  const { formState } = useFormContext();
  return <Button {...props} type="submit" pending={pending || formState.isSubmitting} />;
}

/**
 * Puts a refused call's field issues (the 400 body's `issues`) on the form, under the fields they name, so the
 * server's word shows where the schema's would. Issues naming no field of the form go to the form-level error
 * (FormError). Returns whether the error carried any issue; a caller falls back to a toast when it did not.
 */
export function applyServerIssues<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  const issues = error instanceof HttpError ? error.issues : [];
  if (issues.length === 0) return false;
  const values: Record<string, unknown> = form.getValues();
  let focused = false;
  for (const issue of issues) {
    const [field] = issue.path;
    if (field !== undefined && Object.hasOwn(values, String(field))) {
      form.setError(
        issue.path.join('.') as FieldPath<T>,
        { type: 'server', message: issue.message },
        {
          shouldFocus: !focused,
        },
      );
      focused = true;
    } else {
      form.setError('root', { type: 'server', message: issue.message });
    }
  }
  return true;
}

/**
 * A Field's number box: the form gets a number (an emptied box is NaN, which the schema names as an error), and
 * the box shows empty rather than "NaN".
 */
export function NumberInput({ control, min }: { control: FieldControl; min: number }) {
  const { onChange, value, ...rest } = control;
  return (
    <input
      className="input"
      type="number"
      min={min}
      {...rest}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onChange(event.target.valueAsNumber)}
    />
  );
}
