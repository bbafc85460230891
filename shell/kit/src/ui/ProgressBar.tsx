/**
 * A determinate progress bar: a `progressbar` with its value and range for assistive technology, and a visible
 * label (what is being counted) tied to it. Without a maximum yet (`max` 0) it shows as busy, with no value.
 */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  className,
}: {
  value: number;
  max: number;
  /** Names the bar, e.g. "Members updated". */
  label: string;
  /** What a screen reader says for the value, e.g. "120 of 2,000 members". */
  valueText?: string;
  className?: string;
}) {
  const known = max > 0;
  const percent = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className={['kit-progress', known ? '' : 'kit-progress-busy', className ?? ''].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      {...(known ? { 'aria-valuemax': max, 'aria-valuenow': Math.min(value, max) } : {})}
      {...(valueText ? { 'aria-valuetext': valueText } : {})}
    >
      <div className="kit-progress-fill" style={{ width: known ? `${percent}%` : undefined }} />
    </div>
  );
}
