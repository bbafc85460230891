declare module '*.css';
/** The installed version of each module the shell shares with the remotes (shell/build/federatedApp.mjs). */
declare const __SHARED_VERSIONS__: Record<string, string>;
