import { Link } from '@groupflow/shell-kit/router';

export default function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="container spread">
        <p className="small muted">© {new Date().getFullYear()} GroupFlow. All rights reserved.</p>
        <nav aria-label="Footer" className="row landing-footer-links">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/support">Support</Link>
          <Link to="/status">Status</Link>
        </nav>
      </div>
    </footer>
  );
}
