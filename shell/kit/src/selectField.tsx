import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Field, type FieldName } from './form.tsx';
import { Select } from './select.tsx';

/** What an option hands to its form: Radix Select works on strings, the form gets the option's own value. */
export interface SelectFieldOption {
  value: string | number | boolean;
  label: string;
}

/**
 * A `Field` of a `Form` whose control is the kit `Select`: label, hint, error and aria wiring as any Field, the
 * chosen option's value in the form, and the field touched when focus leaves it (not when its list opens).
 * A form value that is no option's, such as the "" of nothing chosen yet, shows the placeholder: Radix reserves
 * the empty value, so "choose one" is the placeholder, never an option.
 */
export function SelectField<T extends FieldValues, Out>({
  control,
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  disabled,
}: FieldName<T, Out> & {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  options: readonly SelectFieldOption[];
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <Field control={control} name={name} label={label} hint={hint} className={className}>
      {({ value, onChange, ...rest }) => (
        <Select
          {...rest}
          disabled={disabled || rest.disabled}
          placeholder={placeholder}
          options={options.map((option) => ({ value: String(option.value), label: option.label }))}
          value={options.some((option) => option.value === value) ? String(value) : ''}
          onValueChange={(chosen) => onChange(options.find((option) => String(option.value) === chosen)?.value)}
        />
      )}
    </Field>
  );
}
