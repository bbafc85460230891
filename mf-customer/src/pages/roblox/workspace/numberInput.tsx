import type { FieldControl } from '@groupflow/shell-kit/form';

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
