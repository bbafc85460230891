import { Link } from '@groupflow/shell-kit/router';

const FAQ = [
  {
    q: 'How do I add the bot to my server?',
    a: 'Open your dashboard and choose "Add to Server", then pick the server you manage and authorise the bot.',
  },
  {
    q: 'How do I link my group?',
    a: 'Run the /bind-group command in your server and follow the prompts to connect your game-platform group.',
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

/** /support (spec 1 section 2.15): help cards and the FAQ. */
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
      <div className="grid-2">
        <section className="card stack">
          <h2 className="card-title">Community Support</h2>
          <p className="muted">Ask the community and our team in the support server.</p>
          <button type="button" className="btn btn-primary" disabled title="Not available yet">
            Join Support Server
          </button>
        </section>
        <section className="card stack">
          <h2 className="card-title">Documentation</h2>
          <p className="muted">Guides for setting up the bot, linking groups and managing roles.</p>
          <button type="button" className="btn btn-outline" disabled title="Not available yet">
            Read the Docs
          </button>
        </section>
      </div>
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
