import { useLocation, useNavigate } from '@groupflow/shell-kit/router';
import { signedOutMessage, signedOutReason } from '@groupflow/shell-kit';

/**
 * Why a customer tab landed here signed out (issue 36): staff banned the account while it was open. Stays until
 * dismissed, so a customer who looked away from the toast still reads it.
 */
export function SignedOutNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const reason = signedOutReason(location.state);
  if (reason === null) return null;
  return (
    <div className="container landing-signed-out">
      <div className="card row" role="alert">
        <p className="landing-signed-out-text">{signedOutMessage(reason)}</p>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void navigate(location.pathname, { replace: true, state: null })}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
