import { useNavigate, useSearchParams } from '@groupflow/shell-kit/router';
import { Select } from '@groupflow/shell-kit/select';
import type { ConnectedGroupWire } from '@groupflow/core/contracts';
import { DEMO_GROUP } from './useWorkspace.ts';

/** The picker's "All groups" entry: Radix Select reserves the empty value, and group ids are digits. */
const ALL_GROUPS = 'all';

/** The connected groups, or the demo group until the real list loads or when it is empty (spec 1 section 2.13). */
export const pickableGroups = (connected: ConnectedGroupWire[] | undefined) =>
  connected?.length
    ? connected.map(({ groupId, name, memberCount }) => ({ groupId, name, memberCount }))
    : [DEMO_GROUP];

/**
 * The group dropdown, in step with the URL's `?group=` (spec 1 section 2.13): a group opens its workspace here,
 * "All groups" goes back to the groups page's lists.
 */
export function GroupPicker({
  value,
  connected,
}: {
  value: string | null;
  connected: ConnectedGroupWire[] | undefined;
}) {
  const [, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const choose = (value: string) => {
    if (value === ALL_GROUPS) navigate('/group-management');
    else
      setSearchParams((params) => {
        params.set('group', value);
        return params;
      });
  };
  return (
    <div className="row rb-picker">
      <label className="label" htmlFor="group-select">
        Group
      </label>
      <Select
        id="group-select"
        options={[
          { value: ALL_GROUPS, label: 'All groups' },
          ...pickableGroups(connected).map((group) => ({ value: group.groupId, label: group.name })),
        ]}
        value={value ?? ALL_GROUPS}
        onValueChange={choose}
      />
    </div>
  );
}
