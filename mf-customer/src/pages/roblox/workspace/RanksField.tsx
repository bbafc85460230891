import { useId } from 'react';
import { useController, type FieldName, type FieldValues } from '@groupflow/shell-kit/form';
import type { Rank } from '@groupflow/core/contracts';

/**
 * A form field holding the ids of the group's ranks ticked in it (the guest rank 0 is never offered): a group of
 * checkboxes under one legend, the schema's error for the list below them.
 */
export function RanksField<T extends FieldValues, Out>({
  control,
  name,
  legend,
  ranks,
  loading,
}: FieldName<T, Out> & { legend: string; ranks: readonly Rank[] | undefined; loading?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const chosen: number[] = Array.isArray(field.value) ? field.value : [];
  const error = fieldState.error?.message;
  return (
    <fieldset className="rb-ranks" aria-describedby={error ? errorId : undefined}>
      <legend className="small">{legend}</legend>
      {loading && <span className="muted small">Loading ranks...</span>}
      {(ranks ?? [])
        .filter((rank) => rank.rankId > 0)
        .map((rank) => (
          <label key={rank.rankId} className="row small">
            <input
              type="checkbox"
              checked={chosen.includes(rank.rankId)}
              onChange={(event) =>
                field.onChange(
                  event.target.checked ? [...chosen, rank.rankId] : chosen.filter((id) => id !== rank.rankId),
                )
              }
              onBlur={field.onBlur}
            />
            {rank.rankName}
          </label>
        ))}
      {error && (
        <span id={errorId} role="alert" className="field-error small">
          {error}
        </span>
      )}
    </fieldset>
  );
}
