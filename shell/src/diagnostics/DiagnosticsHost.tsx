import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  isConnectionIssue,
  onDiagnostic,
  onOpenDiagnostics,
  STAFF_TOKEN_KEY,
  type DiagnosticReport,
} from '@groupflow/shell-kit';
import { monitorShown } from './monitorState.ts';

// Every chunk stays out of the first page load. Once the page is idle an operator's monitor loads and the modal is
// fetched, and for everyone else the banner: each is needed exactly when the server may no longer answer for it.
// Customers never fetch the operators' tools (issue 37: the landing page's scripts stay under 100 KB gzipped).
const loadModal = () => import('./ConnectionIssueModal.tsx');
const loadBanner = () => import('./ConnectionBanner.tsx');
const LiveMonitor = lazy(() => import('./LiveMonitor.tsx'));
const ConnectionIssueModal = lazy(loadModal);
const ConnectionBanner = lazy(loadBanner);

/** The diagnostics are for operators (signed-in staff, or the debug view); everyone else gets the plain banner. */
const operator = () => monitorShown(window.location.search, Boolean(localStorage.getItem(STAFF_TOKEN_KEY)));

const whenIdle = (callback: () => void) => {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 1);
  return () => clearTimeout(timer);
};

const BUFFERED_REPORTS = 20;

/** The shell's diagnostics overlay: listens to the request wrapper and opens the monitor and modal lazily. */
export function DiagnosticsHost() {
  const [monitorWanted, setMonitorWanted] = useState(false);
  const [modal, setModal] = useState<{ failing: boolean } | null>(null);
  const [banner, setBanner] = useState(false);
  const earlier = useRef<DiagnosticReport[]>([]);

  useEffect(() => {
    const stopReports = onDiagnostic((report) => {
      if (earlier.current.length < BUFFERED_REPORTS) earlier.current.push(report);
      if (!isConnectionIssue(report)) return;
      if (operator()) setModal((current) => current ?? { failing: true });
      else setBanner(true);
    });
    const stopRequests = onOpenDiagnostics(() => {
      if (operator()) setModal((current) => current ?? { failing: false });
      else setBanner(true);
    });
    const onLoad = () =>
      whenIdle(() => {
        if (operator()) {
          setMonitorWanted(true);
          void loadModal().catch(() => undefined);
        } else void loadBanner().catch(() => undefined);
      });
    let cancelIdle: (() => void) | undefined;
    if (document.readyState === 'complete') cancelIdle = onLoad();
    else window.addEventListener('load', () => (cancelIdle = onLoad()), { once: true });
    return () => {
      stopReports();
      stopRequests();
      cancelIdle?.();
    };
  }, []);

  return (
    <Suspense fallback={null}>
      {monitorWanted && <LiveMonitor earlierReports={earlier.current} />}
      {modal && <ConnectionIssueModal failing={modal.failing} onClose={() => setModal(null)} />}
      {banner && <ConnectionBanner onClose={() => setBanner(false)} />}
    </Suspense>
  );
}
