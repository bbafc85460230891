import { useQuery } from '@tanstack/react-query';
import { queryKeys, useStaffClient } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';

/** GET /api/staff/all; its error message is the spec's 'Failed to fetch staff users'. */
export function useStaffList(enabled = true) {
  const staff = useStaffClient();
  return useQuery({
    queryKey: queryKeys.staff.members(),
    queryFn: () => staff.call(API.staff.listStaff),
    enabled,
  });
}
