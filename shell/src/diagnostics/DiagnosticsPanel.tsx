import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { Badge, Button, Card, type BadgeTone } from '@groupflow/shell-kit';
import { AUTH_POPUP, COPY_FEEDBACK_MS } from './constants.ts';
import { checkingAll, diagnosticsReport, runSystemChecks, type CheckResult, type CheckState } from './systemChecks.ts';

const TONE: Record<CheckState, BadgeTone> = {
  checking: 'neutral',
  success: 'success',
  error: 'danger',
  warning: 'warning',
};
const LABEL: Record<CheckState, string> = {
  checking: 'Checking',
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
};

/** Runs the checks on mount and on demand; `recheckMs` re-runs them on a timer (the connection-issue modal). */
export function useSystemChecks(recheckMs?: number) {
  const [checks, setChecks] = useState<CheckResult[]>(checkingAll);
  const [running, setRunning] = useState(false);
  const alive = useRef(true);
  const run = useCallback(async () => {
    setRunning(true);
    setChecks((previous) => previous.map((check) => ({ ...check, state: 'checking', message: 'Checking...' })));
    const results = await runSystemChecks();
    if (!alive.current) return results;
    setChecks(results);
    setRunning(false);
    return results;
  }, []);
  useEffect(() => {
    alive.current = true;
    void run();
    if (!recheckMs) return () => void (alive.current = false);
    // Quiet re-runs: the rows keep their last result instead of flashing "Checking...".
    const timer = setInterval(() => {
      void runSystemChecks().then((results) => alive.current && setChecks(results));
    }, recheckMs);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [run, recheckMs]);
  return { checks, running, run };
}

function DiscordAuthTestCard() {
  const [opened, setOpened] = useState<'opened' | 'blocked' | null>(null);
  const test = () => {
    const left = Math.max(0, (window.screen.width - AUTH_POPUP.width) / 2);
    const top = Math.max(0, (window.screen.height - AUTH_POPUP.height) / 2);
    const popup = window.open(
      '/auth/discord',
      'discord-auth-test',
      `width=${AUTH_POPUP.width},height=${AUTH_POPUP.height},left=${left},top=${top}`,
    );
    setOpened(popup ? 'opened' : 'blocked');
  };
  return (
    <Card title="Discord Authentication Test" titleAs="h3" className="stack diag-auth-card">
      <p className="muted small">
        Opens the Discord sign-in in a small window; a 302 redirect to Discord is the expected first answer.
      </p>
      <div className="row">
        <Button onClick={test}>Test Discord Login</Button>
        <a className="btn btn-outline" href="/auth/discord">
          Login with Discord
        </a>
      </div>
      {opened === 'opened' && (
        <p className="small muted">Sign-in window opened. Finish there, then re-run the checks.</p>
      )}
      {opened === 'blocked' && (
        <p className="small field-error">The browser blocked the sign-in window: allow pop-ups for this site.</p>
      )}
    </Card>
  );
}

/** Spec 3 section 2.6: system checks, re-run, show/hide details, copy report, the auth test card and the exits. */
export function DiagnosticsPanel({
  checks,
  running,
  onRerun,
}: {
  checks: CheckResult[];
  running: boolean;
  onRerun: () => void;
}) {
  const [showDetails, setShowDetails] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const detailsId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(diagnosticsReport(checks, new Date(), window.location.pathname));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="stack diag-panel">
      <div className="spread">
        <h3 className="card-title">System Checks</h3>
        <div className="row">
          <Button variant="outline" onClick={onRerun} pending={running} pendingLabel="Running...">
            Re-run Checks
          </Button>
          <Button
            variant="ghost"
            aria-expanded={showDetails}
            aria-controls={detailsId}
            onClick={() => setShowDetails((v) => !v)}
          >
            {showDetails ? 'Hide Details' : 'Show Details'}
          </Button>
          <Button variant="ghost" onClick={() => void copy()}>
            {copied === 'copied' ? 'Copied!' : copied === 'failed' ? 'Copy failed' : 'Copy Report'}
          </Button>
        </div>
      </div>
      <ul className="diag-checks" id={detailsId} aria-live="polite">
        {checks.map((check) => (
          <li key={check.name} className={`diag-check diag-check-${check.state}`}>
            <div className="spread">
              <strong>{check.name}</strong>
              <Badge tone={TONE[check.state]}>{LABEL[check.state]}</Badge>
            </div>
            <p className="diag-message">{check.message}</p>
            {check.fix && check.state !== 'success' && <p className="small muted">Fix: {check.fix}</p>}
            {showDetails && check.details && <pre className="diag-details">{check.details}</pre>}
          </li>
        ))}
      </ul>
      <DiscordAuthTestCard />
      <div className="row">
        <Link className="btn btn-outline" to="/dashboard-preview">
          View Dashboard Preview
        </Link>
        <a className="btn btn-outline" href="/auth/discord">
          Login with Discord
        </a>
        <Link className="btn btn-outline" to="/staff-dashboard">
          Staff Dashboard
        </Link>
      </div>
    </div>
  );
}
