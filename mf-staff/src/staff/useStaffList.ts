import { useQuery } from '@tanstack/react-query';
import { queryKeys, useStaffClient } from '@groupflow/shell-kit';
import type { StaffUser } from '@groupflow/core/contracts';

/** GET /api/staff/all; its error message is the spec's 'Failed to fetch staff users'. */
export function useStaffList(enabled = true) {
  const { json } = useStaffClient();
  return useQuery({
    queryKey: queryKeys.staff.members(),
    queryFn: () => json<StaffUser[]>('/api/staff/all'),
    enabled,
  });
}
