import { Link } from '@groupflow/shell-kit/router';
import { FindMyTicket } from './FindMyTicket.tsx';

const FAQ = [
  {
    q: 'How do I add the bot to my server?',
    a: 'Open your dashboard and choose "Add to Server", then pick the server you manage and authorise the bot.',
  },
  {
    q: 'How do I link my group?',
    a: 'Connect the group under Roblox Groups, then bind it to your server from its workspace (Settings, Bot integration), or run /bind-group in your server.',
  },
  {
    q: 'What permissions does the bot need?',
    a: 'The bot needs permission to manage roles, send messages and read message history in the channels it works in.',
  },
  {
    q: 'What is free and what is premium?',
    a: 'Core verification and role sync are free. Premium adds advanced features such as more servers, custom commands and priority support.',
  },
] as const;

/**
 * /support (spec 1 section 2.15): finding a ticket again, how to reach the team, and the FAQ. The spec's community
 * and documentation buttons had no target: they are gone rather than disabled (issue 36).
 */
export default function SupportPage() {
  return (
    <main className="page container stack" style={{ maxWidth: 880 }}>
      <Link className="btn btn-ghost" to="/" style={{ alignSelf: 'flex-start' }}>
        Back to Home
      </Link>
      <header>
        <h1>Support</h1>
        <p className="muted">
          Get help with GroupFlow. For anything else, open a ticket from the "Need Help?" form on the home page.
        </p>
      </header>
      <FindMyTicket />
      <section className="card stack">
        <h2 className="card-title">Talk to us</h2>
        <p className="muted">
          Open a ticket from the &quot;Need Help?&quot; form on the <Link to="/">home page</Link>: our team answers in a
          chat whose link we also email you. A community server and written guides are on their way.
        </p>
      </section>
      <section className="card stack" aria-labelledby="faq-title">
        <h2 id="faq-title" className="card-title">
          Frequently Asked Questions
        </h2>
        {FAQ.map((item) => (
          <details key={item.q}>
            <summary>
              <strong>{item.q}</strong>
            </summary>
            <p className="muted">{item.a}</p>
          </details>
        ))}
      </section>
    </main>
  );
}
