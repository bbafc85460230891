import { fileURLToPath } from 'node:url';
import { federatedApp } from '../shell/build/federatedApp.mjs';

export default federatedApp({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'customer',
  exposes: { './App': './src/App.tsx' },
});
