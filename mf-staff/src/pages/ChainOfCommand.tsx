import { useState } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { PageHeader, StaffMemberCard, SummaryCard } from '../components/StaffMemberCard.tsx';
import { QueryView, SearchBox, useStaffSession } from '@groupflow/shell-kit';
import { formatTotalHours, groupByRank, matchesSearch, summarize } from '../staff/staffUser.ts';
import { useListStaff } from '../staff/useListStaff.ts';
import './staff.css';

export default function ChainOfCommand() {
  const { user } = useStaffSession();
  if (!user) return null;
  return <ChainOfCommandView />;
}

function ChainOfCommandView() {
  const staff = useListStaff();
  const [search, setSearch] = useState('');

  const body = (
    <QueryView query={staff} loading="Loading staff..." error="Failed to fetch staff users">
      {(members) => {
        const sections = groupByRank(members.filter((member) => matchesSearch(member, search)));
        const summary = summarize(members);
        return (
          <>
            {sections.length === 0 ? (
              <p className="card muted center">
                {search.trim() ? 'No staff members match your search.' : 'No staff members yet.'}
              </p>
            ) : (
              sections.map((section) => (
                <section key={section.group} className="staff-section" aria-labelledby={`group-${section.group}`}>
                  <h2 id={`group-${section.group}`} className="staff-group-title">
                    {section.title} <span className="muted small">({section.members.length})</span>
                  </h2>
                  <div className="staff-card-grid">
                    {section.members.map((member) => (
                      <StaffMemberCard key={member.id} user={member}>
                        <div className="spread small">
                          <span className={member.clockedIn ? 'staff-clock-on' : 'muted'}>
                            {member.clockedIn ? 'Clocked In' : 'Clocked Out'}
                          </span>
                          <span className="muted">{formatTotalHours(member.totalHoursWorked)}</span>
                        </div>
                      </StaffMemberCard>
                    ))}
                  </div>
                </section>
              ))
            )}
            <SummaryCard
              title="Staff Summary"
              items={[
                ['Leadership', summary.leadership],
                ['Directors', summary.directors],
                ['Support Staff', summary.supportStaff],
                ['Currently Active', summary.clockedIn],
              ]}
            />
          </>
        );
      }}
    </QueryView>
  );

  return (
    <main className="container page staff-page">
      <PageHeader
        title="Chain of Command"
        subtitle="GroupFlow organisation hierarchy"
        actions={
          <Link className="btn btn-outline" to="/staff-dashboard">
            Back to Dashboard
          </Link>
        }
      />
      <SearchBox value={search} onChange={setSearch} label="Search staff" />
      {body}
    </main>
  );
}
