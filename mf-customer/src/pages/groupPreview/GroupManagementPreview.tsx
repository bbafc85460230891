import { useState, type ReactNode } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import { Switch } from '@groupflow/shell-kit/switch';
import {
  PREVIEW_APPLICATIONS,
  PREVIEW_GROUPS,
  PREVIEW_MEMBERS,
  PREVIEW_ROBLOX_ACCOUNT,
  PREVIEW_SESSIONS,
  PREVIEW_TRAININGS,
  type PreviewGroup,
} from './sampleData.ts';
import '../customer.css';

const TABS = [
  { value: 'members', label: 'Members' },
  { value: 'activity', label: 'Activity' },
  { value: 'applications', label: 'Applications' },
  { value: 'training', label: 'Training' },
  { value: 'settings', label: 'Settings' },
] as const;
type TabKey = (typeof TABS)[number]['value'];

function Row({ children }: { children: ReactNode }) {
  return <li className="db-list-item">{children}</li>;
}

function GroupDetail({ group }: { group: PreviewGroup }) {
  const [tab, setTab] = useState<TabKey>('members');
  const counters: [string, number][] = [
    ['Members', PREVIEW_MEMBERS.length],
    ['Active Sessions', PREVIEW_SESSIONS.length],
    ['Applications', PREVIEW_APPLICATIONS.length],
    ['Training', PREVIEW_TRAININGS.length],
  ];
  return (
    <div className="stack">
      <h2>{group.name}</h2>
      <div className="gp-counters">
        {counters.map(([label, value]) => (
          <div key={label} className="card">
            <div className="muted small">{label}</div>
            <div className="cd-figure">{value}</div>
          </div>
        ))}
      </div>
      <Tabs tabs={TABS} value={tab} onValueChange={setTab} label="Group sections">
        <TabPanel value={tab}>
          <ul className="card gp-list">
            {tab === 'members' &&
              PREVIEW_MEMBERS.map((member) => (
                <Row key={member.userId}>
                  <div className="gp-grow">
                    <strong>{member.username}</strong>
                    <div className="muted small">{member.rank}</div>
                  </div>
                  <span className={`badge ${member.isTracked ? 'cd-badge-green' : ''}`}>
                    {member.isTracked ? 'Tracked' : 'Not Tracked'}
                  </span>
                  <button type="button" className="btn btn-outline">
                    Manage
                  </button>
                </Row>
              ))}
            {tab === 'activity' &&
              PREVIEW_SESSIONS.map((session) => (
                <Row key={session.id}>
                  <div className="gp-grow">
                    <strong>{session.gameName}</strong>
                    <div className="muted small">{session.playerCount} players active</div>
                  </div>
                  <span className="muted">{session.sessionDuration} min</span>
                </Row>
              ))}
            {tab === 'applications' &&
              PREVIEW_APPLICATIONS.map((application) => (
                <Row key={application.id}>
                  <div className="gp-grow">
                    <strong>{application.applicantName}</strong>
                    <div className="muted small">Desired rank: {application.desiredRank}</div>
                  </div>
                  <span className={`badge ${application.status === 'pending' ? 'cd-badge-yellow' : 'cd-badge-green'}`}>
                    {application.status}
                  </span>
                  <button type="button" className="btn btn-outline">
                    Review
                  </button>
                </Row>
              ))}
            {tab === 'training' &&
              PREVIEW_TRAININGS.map((training) => (
                <Row key={training.id}>
                  <div className="gp-grow">
                    <strong>{training.title}</strong>
                    <div className="muted small">
                      Host: {training.hostName} · {training.participantCount} participants
                    </div>
                  </div>
                  <span className="badge">{training.status}</span>
                </Row>
              ))}
            {tab === 'settings' && (
              <li className="stack">
                <div className="card spread">
                  <div>
                    <strong>GroupFlow Bot</strong>
                    <div className="muted small">Discord bot integration for this group</div>
                  </div>
                  <button type="button" className="btn btn-outline">
                    Configure Bot
                  </button>
                </div>
                {(
                  [
                    ['Activity Tracking', true],
                    ['Auto Ranking', false],
                    ['Quota System', false],
                  ] as const
                ).map(([label, on]) => (
                  <Switch key={label} label={label} defaultChecked={on} />
                ))}
              </li>
            )}
          </ul>
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** Group management with sample data (/group-management-preview; spec 1 section 2.4, spec 3 section 2.5). */
export default function GroupManagementPreview() {
  const [selected, setSelected] = useState<PreviewGroup | null>(null);
  return (
    <div className="cd-page">
      <div className="pv-banner" role="note">
        <strong>Preview Mode</strong>
        <span>You are viewing group management with sample data</span>
      </div>
      <main className="container cd-main stack">
        <div className="spread">
          <h1>Group Management</h1>
          <Link to="/" className="btn btn-outline">
            Back to Home
          </Link>
        </div>
        <div className="card spread">
          <div>
            <div className="muted small">Roblox account</div>
            <strong>{PREVIEW_ROBLOX_ACCOUNT.username}</strong>
            <div className="muted small">ID: {PREVIEW_ROBLOX_ACCOUNT.id}</div>
          </div>
          <span className="badge cd-badge-green">Connected</span>
        </div>
        <div className="gp-layout">
          <aside className="card stack">
            <div className="spread">
              <h2 className="card-title">Your Groups ({PREVIEW_GROUPS.length})</h2>
              <button type="button" className="btn btn-outline">
                Add Group
              </button>
            </div>
            {PREVIEW_GROUPS.map((group) => (
              <button
                key={group.id}
                type="button"
                className={`sb-item${selected?.id === group.id ? ' sb-item-active' : ''}`}
                aria-pressed={selected?.id === group.id}
                onClick={() => setSelected(group)}
              >
                <span>
                  <strong>{group.name}</strong>
                  <span className="muted small"> · {group.memberCount.toLocaleString('en-US')} members</span>
                </span>
                <span className="muted small">{group.role}</span>
              </button>
            ))}
          </aside>
          <section>
            {selected ? (
              <GroupDetail group={selected} />
            ) : (
              <div className="card center stack">
                <h2>Select a Group</h2>
                <p className="muted">Pick a group on the left to manage it.</p>
                <div>
                  <button type="button" className="btn btn-primary">
                    Add Your First Group
                  </button>
                </div>
              </div>
            )}
          </section>
        </div>
      </main>
    </div>
  );
}
