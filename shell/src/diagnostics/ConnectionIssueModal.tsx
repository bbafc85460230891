import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { Button } from '@groupflow/shell-kit';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { MODAL_AUTO_CLOSE_MS, MODAL_RECHECK_MS } from './constants.ts';
import { DiagnosticsPanel, useSystemChecks } from './DiagnosticsPanel.tsx';
import { hasConnectionError } from './systemChecks.ts';
import './diagnostics.css';

/**
 * Spec 3 section 2.8: the diagnostics in a modal with Try Demo Dashboard and Close Diagnostics. It re-runs the checks
 * while open and, once it has seen the server unreachable or failing, closes itself 2 s after that error clears.
 */
export default function ConnectionIssueModal({ failing, onClose }: { failing: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { checks, running, run } = useSystemChecks(MODAL_RECHECK_MS);
  const settled = !checks.some((check) => check.state === 'checking');
  const failingNow = hasConnectionError(checks);
  const [sawError, setSawError] = useState(failing);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (failingNow) setSawError(true);
  }, [failingNow]);

  const cleared = sawError && settled && !failingNow;
  useEffect(() => {
    if (!cleared) return;
    const timer = setTimeout(() => onCloseRef.current(), MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [cleared]);

  return (
    <Dialog
      title="Connection Issues Detected"
      description={
        cleared
          ? 'The connection is back. This window closes in a moment.'
          : 'We are having trouble talking to the GroupFlow server. The checks below show what works and what does not.'
      }
      onClose={onClose}
      wide
    >
      <div className="stack">
        <DiagnosticsPanel checks={checks} running={running} onRerun={() => void run()} />
        <div className="row diag-modal-actions">
          <Button
            onClick={() => {
              onClose();
              navigate('/dashboard-preview');
            }}
          >
            Try Demo Dashboard
          </Button>
          <Button variant="outline" onClick={onClose}>
            Close Diagnostics
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
