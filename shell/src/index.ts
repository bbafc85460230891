import { start } from './bootstrap.tsx';
import { showStartupError } from './startupError.ts';

// One bundle, no async boundary: the shell shares its modules with the remotes at run time (remotes/loadArea.ts),
// so nothing has to be negotiated before React starts, and the first paint waits for no second request.
try {
  start();
} catch (error) {
  showStartupError(error);
}
