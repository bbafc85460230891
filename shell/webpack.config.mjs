import { fileURLToPath } from 'node:url';
import { federatedApp } from './build/federatedApp.mjs';

export default federatedApp({ appDir: fileURLToPath(new URL('.', import.meta.url)), name: 'shell', host: true });
