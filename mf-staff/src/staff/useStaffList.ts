import { useQuery } from '@tanstack/react-query';
import { useStaffApi } from './session.ts';
import type { StaffUser } from './staffUser.ts';

export const STAFF_LIST_KEY = ['/api/staff/all'] as const;

/** GET /api/staff/all; its error message is the spec's 'Failed to fetch staff users'. */
export function useStaffList(enabled = true) {
  const call = useStaffApi();
  return useQuery({
    queryKey: STAFF_LIST_KEY,
    queryFn: () => call<StaffUser[]>('/api/staff/all'),
    enabled,
  });
}
