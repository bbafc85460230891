import { useEffect } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import { useToast } from '@groupflow/shell-kit';

/**
 * Sends a verified member whose role a page does not admit back to the dashboard with spec 2's 'Access Denied'
 * toast. `verified` comes from the server's answer, not storage; until then nobody is turned away.
 */
export function useAdmission(verified: boolean, allowed: boolean, refusal: string): void {
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    if (verified && !allowed) {
      toast({ title: 'Access Denied', description: refusal, variant: 'destructive' });
      navigate('/staff-dashboard', { replace: true });
    }
  }, [verified, allowed, refusal, toast, navigate]);
}
