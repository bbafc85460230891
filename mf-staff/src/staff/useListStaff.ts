import { useEndpointQuery } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';

/** GET /api/staff/all; its error message is the spec's 'Failed to fetch staff users'. */
export function useListStaff(enabled = true) {
  return useEndpointQuery(API.staff.listStaff, undefined, { enabled });
}
