import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { AREA_LABELS, type Area } from '@groupflow/core/contracts';
import { loadArea, loadedArea } from './loadArea.tsx';

type State = { status: 'loading' } | { status: 'ready'; Screen: ComponentType } | { status: 'failed'; message: string };

/** An area whose remote has already loaded (the take-over of the page's first paint waited for it) draws at once. */
function stateBeforeLoad(area: Area): State {
  const Screen = loadedArea(area);
  return Screen ? { status: 'ready', Screen } : { status: 'loading' };
}

/** Renders the remote that owns the current path; a failed load stays inside this area with a Retry. */
export function RemoteArea({ area }: { area: Area }) {
  const [state, setState] = useState<State>(() => stateBeforeLoad(area));

  useEffect(() => {
    let cancelled = false;
    setState(stateBeforeLoad(area));
    loadArea(area).then(
      (Screen) => !cancelled && setState({ status: 'ready', Screen }),
      (error: unknown) =>
        !cancelled && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [area]);

  // A retry loads the page again: Chromium answers a later <script> for an address whose <link rel="preload"> (the
  // page's hints for this area) failed with that same failure for as long as the page lives (docs/decisions.md).
  const retry = useCallback(() => window.location.reload(), []);

  if (state.status === 'loading') {
    return (
      <div className="page center" aria-busy="true">
        <div className="spinner" style={{ margin: '20vh auto 12px' }} />
        <p className="muted">Loading…</p>
      </div>
    );
  }
  if (state.status === 'failed') return <AreaFailure area={area} message={state.message} onRetry={retry} />;
  return (
    <AreaBoundary area={area} onRetry={retry}>
      <state.Screen />
    </AreaBoundary>
  );
}

function AreaFailure({ area, message, onRetry }: { area: Area; message: string; onRetry: () => void }) {
  return (
    <main className="page">
      <div className="container" style={{ maxWidth: 620 }}>
        <div className="card" role="alert">
          <h1 className="card-title">The {AREA_LABELS[area]} area could not be loaded</h1>
          <p className="muted">
            This part of GroupFlow is temporarily unavailable. The rest of the application keeps working. Check your
            connection and try again.
          </p>
          {/* The loader's own words help whoever reports the problem; folded so they never greet a customer. */}
          <details className="small">
            <summary>Technical details</summary>
            <pre className="remote-failure-details">{message}</pre>
          </details>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Retry
            </button>
            <a className="btn btn-outline" href="/">
              Back to Home
            </a>
          </div>
        </div>
      </div>
    </main>
  );
}

interface BoundaryProps {
  area: Area;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches render errors thrown inside a remote so one broken area cannot blank the shell. */
class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.area} area crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <AreaFailure area={this.props.area} message={this.state.error.message} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
