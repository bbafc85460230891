/** The /dashboard page's title, which its sidebar item and the customer dashboard's link repeat (issue 36). */
export const DASHBOARD_TITLE = 'Verifications & Plans';
