import { showStartupError } from './startupError.ts';

// The async boundary lets module federation negotiate shared singletons before React loads.
import('./bootstrap.tsx')
  .then(({ start }) => start())
  .catch(showStartupError);
