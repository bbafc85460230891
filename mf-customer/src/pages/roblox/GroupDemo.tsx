import { useState } from 'react';
import { Badge, useToast } from '@groupflow/shell-kit';
import './roblox.css';

/** Fixed sample groups: /group-demo shows how the group picker behaves without signing in or calling anything. */
const SAMPLE_GROUPS = [
  { id: '15567637', name: 'Demo Group', role: 'Owner', rank: 255, members: 1247, hasAccess: true },
  { id: '15567638', name: 'Demo Staff Team', role: 'Moderator', rank: 60, members: 88, hasAccess: true },
  { id: '15567639', name: 'Demo Fan Club', role: 'Member', rank: 1, members: 5120, hasAccess: false },
];

/** /group-demo: the group selection of /roblox-login with sample data (spec 1 leaves its content open). */
export default function GroupDemo() {
  const toast = useToast();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <main className="page container stack" style={{ maxWidth: 820 }}>
      <div className="alert" role="status">
        Demo mode: sample groups, nothing is saved.
      </div>
      <h1>Select a Group</h1>
      <ul className="rb-list">
        {SAMPLE_GROUPS.map((group) => (
          <li key={group.id}>
            <button
              type="button"
              className={`rb-group${group.hasAccess ? '' : ' rb-group-dimmed'}`}
              disabled={!group.hasAccess}
              aria-pressed={chosen === group.id}
              onClick={() => {
                setChosen(group.id);
                toast({ title: 'Group Selected', description: group.name });
              }}
            >
              <span className="rb-avatar" aria-hidden="true">
                {group.name.charAt(0)}
              </span>
              <span className="rb-grow">
                <strong>{group.name}</strong>
                <span className="muted small" style={{ display: 'block' }}>
                  {group.role} (rank {group.rank}) · {group.members.toLocaleString()} members
                  {group.hasAccess ? '' : ' · Insufficient permissions to manage'}
                </span>
              </span>
              {chosen === group.id && <Badge tone="success">Selected</Badge>}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
