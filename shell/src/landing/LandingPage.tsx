import { useSearchParams } from '@groupflow/shell-kit/router';
import LandingHeader from './LandingHeader.tsx';
import { Commands, Features, GrowthFigures, Hero } from './MarketingSections.tsx';
import { TicketFormSection } from './TicketFormSection.tsx';
import DebugView from './DebugView.tsx';
import { useSignedInUser } from './useSignedInUser.ts';
import LandingFooter from './LandingFooter.tsx';
import { SignedOutNotice } from './SignedOutNotice.tsx';
import './landing.css';

/**
 * The public landing page at / (spec 1 section 2.2), rendered by the shell itself (SHELL_PATHS): the first page most
 * visitors see loads no remote and no federation runtime.
 */
export default function LandingPage() {
  const [searchParams] = useSearchParams();
  const userQuery = useSignedInUser();
  const user = userQuery.user ?? null;

  const debug = searchParams.get('test') === 'simple' || searchParams.get('debug') === 'true';
  if (debug) {
    return <DebugView isLoading={userQuery.isLoading} user={userQuery.user} error={userQuery.error} />;
  }

  return (
    <div className="landing">
      <LandingHeader user={user} />
      <main>
        <SignedOutNotice />
        <Hero />
        <GrowthFigures />
        <Features />
        <Commands />

        <section className="container landing-section" aria-labelledby="landing-help-title">
          <div className="landing-help">
            <div className="stack landing-help-intro">
              <h2 id="landing-help-title">Need Help?</h2>
              <p className="muted">
                Open a support ticket and our team will get back to you. You will be taken to a live chat for your
                ticket as soon as it is created.
              </p>
              <div className="grid-2 landing-claims">
                <div className="card center">
                  <div className="landing-figure-value">2 minutes</div>
                  <div className="muted small">Average response time</div>
                </div>
                <div className="card center">
                  <div className="landing-figure-value">24/7</div>
                  <div className="muted small">Support</div>
                </div>
              </div>
            </div>
            <TicketFormSection />
          </div>
        </section>
      </main>
      <LandingFooter />
    </div>
  );
}
