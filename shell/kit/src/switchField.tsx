import { useController } from 'react-hook-form';
import type { FieldName, FieldValues } from './form.tsx';
import { Switch } from './switch.tsx';

/** A form's on/off value as the kit `Switch`, which carries its own label: `<SwitchField control name label />`. */
export function SwitchField<T extends FieldValues, Out>({
  control,
  name,
  label,
  disabled,
}: FieldName<T, Out> & { label: string; disabled?: boolean }) {
  const { field } = useController({ control, name });
  return (
    <Switch
      ref={field.ref}
      label={label}
      checked={Boolean(field.value)}
      onCheckedChange={field.onChange}
      disabled={disabled || field.disabled}
    />
  );
}
