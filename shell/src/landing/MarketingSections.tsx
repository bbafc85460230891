import { Link } from '@groupflow/shell-kit/router';

/** Hero with the product pitch and the two calls to action (spec 1 section 2.2). */
export function Hero() {
  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <div className="container landing-hero-inner">
        <span className="badge landing-hero-badge">Discord bot for Roblox groups</span>
        <h1 id="landing-hero-title" className="landing-hero-title">
          Connect your Discord server with your <span className="landing-accent">Roblox group</span>
        </h1>
        <p className="landing-hero-lead muted">
          GroupFlow verifies your members&apos; Roblox accounts, keeps Discord roles in sync with group ranks and gives
          your staff moderation, announcement and group-management tools in one place.
        </p>
        <div className="row landing-hero-actions">
          <Link to="/verify" className="btn btn-primary btn-lg">
            Get Verified Now
          </Link>
          <a href="/auth/roblox" className="btn btn-outline btn-lg">
            Start with Roblox
          </a>
        </div>
        <p className="small muted">
          By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </section>
  );
}

/** Fixed decorative growth and review figures: placeholders, never computed. */
const GROWTH_FIGURES = [
  { value: '50K+', label: 'Verified users' },
  { value: '500+', label: 'Discord servers' },
  { value: '4.9/5', label: 'Average rating from 1,200+ reviews' },
  { value: '99.9%', label: 'Uptime' },
] as const;

export function GrowthFigures() {
  return (
    <section id="landing-servers" className="container landing-section" aria-label="GroupFlow in numbers">
      <ul className="grid-3 landing-figures">
        {GROWTH_FIGURES.map((figure) => (
          <li key={figure.label} className="card center">
            <div className="landing-figure-value">{figure.value}</div>
            <div className="muted small">{figure.label}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FEATURES = [
  {
    icon: '✔',
    title: 'User Verification',
    text: 'Members link their Roblox account to their Discord account in a few clicks, so you always know who is who.',
    points: ['Roblox account linking', 'Verified role on success', 'Nickname sync'],
  },
  {
    icon: '⚑',
    title: 'Group Management',
    text: 'Bind a Roblox group to your server and keep Discord roles synchronised with group ranks automatically.',
    points: ['Group binding', 'Role synchronisation', 'Activity tracking, auto-ranking and quotas'],
  },
  {
    icon: '⚖',
    title: 'Moderation Tools',
    text: 'Keep your community safe with simple moderation commands that every moderator understands.',
    points: ['/warn', '/kick', '/ban', '/mute'],
  },
  {
    icon: '✉',
    title: 'Announcements',
    text: 'Reach your whole community at once with announcements, applications and training-session notices.',
    points: ['Server-wide announcements', 'Applications', 'Training sessions'],
  },
] as const;

export function Features() {
  return (
    <section id="landing-features" className="container landing-section" aria-labelledby="landing-features-title">
      <h2 id="landing-features-title" className="center">
        Everything your group needs
      </h2>
      <p className="center muted landing-section-lead">
        One bot for verification, group management, moderation and announcements.
      </p>
      <div className="grid-2">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card landing-feature">
            <div className="landing-feature-icon" aria-hidden="true">
              {feature.icon}
            </div>
            <h3 className="card-title">{feature.title}</h3>
            <p className="muted">{feature.text}</p>
            <ul className="landing-feature-points">
              {feature.points.map((point) => (
                <li key={point}>{point.startsWith('/') ? <code>{point}</code> : point}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}

const COMMANDS = [
  { name: '/verify', text: 'Link your Roblox account to your Discord account and receive your verified roles.' },
  { name: '/bind-group', text: 'Bind a Roblox group to this server so ranks and roles stay in sync.' },
] as const;

export function Commands() {
  return (
    <section id="landing-commands" className="container landing-section" aria-labelledby="landing-commands-title">
      <h2 id="landing-commands-title" className="center">
        Simple commands
      </h2>
      <p className="center muted landing-section-lead">Get started with two slash commands.</p>
      <div className="grid-2">
        {COMMANDS.map((command) => (
          <article key={command.name} className="card landing-command">
            <code className="landing-command-name">{command.name}</code>
            <p className="muted">{command.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
