import { useCallback, useEffect, useState } from 'react';
import { apiClient, Button } from '@groupflow/shell-kit';
import type { API } from '@groupflow/core/contracts';
import { GET_HEALTH } from '../api/routes.ts';
import { MODAL_RECHECK_MS } from './constants.ts';
import './diagnostics.css';

/**
 * What a customer or visitor sees when the server stops answering (issue 36): one plain sentence that retries on its
 * own and a Try again, instead of the operators' diagnostics. It goes away once the server answers again.
 */
export default function ConnectionBanner({ onClose }: { onClose: () => void }) {
  const [checking, setChecking] = useState(false);
  const check = useCallback(async () => {
    setChecking(true);
    try {
      // The route, not the endpoint object: the banner is fetched on every landing page and stays without zod.
      await apiClient.call<typeof API.diagnostics.getHealth>(GET_HEALTH);
      onClose();
    } catch {
      // Still unreachable: the banner stays and the next round tries again.
    } finally {
      setChecking(false);
    }
  }, [onClose]);

  useEffect(() => {
    const timer = setInterval(() => void check(), MODAL_RECHECK_MS);
    return () => clearInterval(timer);
  }, [check]);

  return (
    <div className="alert diag-banner" role="alert">
      <span>We can&apos;t reach GroupFlow right now. Retrying...</span>
      <Button variant="outline" pending={checking} pendingLabel="Trying..." onClick={() => void check()}>
        Try again
      </Button>
    </div>
  );
}
