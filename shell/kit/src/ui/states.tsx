import type { CSSProperties, ReactNode } from 'react';

/** Nothing to show yet: a title, an optional explanation and an optional next step. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="kit-state center stack">
      <p className="kit-state-title">{title}</p>
      {description && <p className="muted small">{description}</p>}
      {action}
    </div>
  );
}

/** A spinner and what is loading, announced politely; the region it stands in for should carry aria-busy. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="kit-loading row" role="status">
      <div className="spinner kit-spinner" aria-hidden="true" />
      <span className="muted">{label}</span>
    </div>
  );
}

/** A failed load, announced at once, with a retry when the screen can offer one. */
export function ErrorState({
  message,
  onRetry,
  retryLabel = 'Try again',
}: {
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="alert alert-danger spread" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}

/** A grey placeholder block with the size of the content it precedes; hidden from assistive technology. */
export function Skeleton({
  width = '100%',
  height = '1em',
  style,
}: {
  width?: string | number;
  height?: string | number;
  style?: CSSProperties;
}) {
  return <span className="kit-skeleton" aria-hidden="true" style={{ width, height, ...style }} />;
}
