import { Badge, QueryView, RequireCustomer, useEndpointQuery } from '@groupflow/shell-kit';
import { API, type RoleProblemsAnswer } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

type Problem = RoleProblemsAnswer['servers'][number]['problems'][number];

const KIND_LABEL: Record<Problem['kind'], string> = {
  permission: 'Missing permission',
  role: 'Role out of reach',
  name: 'Name not converted',
  member: 'Member out of reach',
};

function ServerProblems({ server }: { server: RoleProblemsAnswer['servers'][number] }) {
  return (
    <section className="stack" aria-label={server.name}>
      <div className="sv-check">
        <strong>{server.name}</strong>
        <Badge tone={server.problems.length ? 'danger' : 'success'}>
          {server.problems.length
            ? `${server.problems.length} ${server.problems.length === 1 ? 'problem' : 'problems'}`
            : 'No problems found'}
        </Badge>
      </div>
      {server.problems.length > 0 && (
        <ul className="sv-problems">
          {server.problems.map((problem) => (
            <li key={`${problem.kind}:${problem.name}`} className="small">
              <span className="muted">{KIND_LABEL[problem.kind]}: </span>
              <strong>{problem.name}</strong> — {problem.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const CHECKING = 'Checking your servers...';

/**
 * Role hierarchy per server (issue 12): what role sync cannot reach, as the bot found it, so "roles not given" is
 * explained on the setup check instead of failing silently. The setup check is open to visitors: signed out, this
 * card asks them to log in.
 */
export function RoleProblems() {
  return (
    <RequireCustomer
      loading={CHECKING}
      error="Could not load your account."
      signedOut={<p className="muted">Log in with Discord to see the role hierarchy of the servers you manage.</p>}
    >
      <ServersProblems />
    </RequireCustomer>
  );
}

function ServersProblems() {
  const problems = useEndpointQuery(API.servers.listRoleProblems);
  return (
    <QueryView
      query={problems}
      loading={CHECKING}
      error={(error) => errorText(error) ?? 'Could not read the role check.'}
      isEmpty={(data) => data.servers.length === 0}
      empty={<p className="muted">The bot is in none of the servers you manage yet.</p>}
    >
      {(data) => (
        <div className="stack">
          <p className="small muted">
            The bot can only give or take roles below its own highest role, and only with the Manage Roles permission.
            What it cannot reach is listed here.
          </p>
          {data.servers.map((server) => (
            <ServerProblems key={server.id} server={server} />
          ))}
        </div>
      )}
    </QueryView>
  );
}
