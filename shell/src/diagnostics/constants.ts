/** Figures of spec 3 section 9 used by the diagnostics overlay. */
export const MONITOR_POLL_MS = 10_000;
export const MONITOR_MAX_ISSUES = 20;
export const COPY_FEEDBACK_MS = 2000;
export const MODAL_AUTO_CLOSE_MS = 2000;
/** How often the open connection-issue modal re-runs its checks to notice that the error cleared (our choice). */
export const MODAL_RECHECK_MS = 3000;
/** A monitor error rate above this percentage is shown red. */
export const ERROR_RATE_ALERT_PERCENT = 1;
/** The Discord sign-in test popup of spec 3 section 7. */
export const AUTH_POPUP = { width: 500, height: 600 };
