/** Length limits of spec 3 section 5, shared by database columns, server validation and forms. */
export const LIMITS = {
  name: 255,
  email: 255,
  title: 255,
  type: 50,
  status: 50,
  priority: 20,
  role: 100,
  /** Passwords set before the 8 character rule still sign in until changed. */
  minPassword: 6,
  /** Every password chosen from now on (ASVS 5.0 V6.2.1). */
  minNewPassword: 8,
  /** A password one member hands another (account creation): long enough to be random, used once. */
  minIssuedPassword: 16,
  /** Bounds the work of hashing a submitted password. */
  maxPassword: 200,
  /** A typed second-factor code: 6 digits, or a recovery code with its dash and stray spaces. */
  mfaCode: 32,
  /** The mfaToken of the code step (a session-sized random token). */
  mfaToken: 200,
  /** HR action reasons. */
  reason: 2000,
  /** Legal descriptions and action notes. */
  legalText: 10000,
  /** Legal document bodies (policies, terms): long, but within the default 100kb request body limit. */
  legalDocument: 60000,
  /** Legal document versions (the column is 20 characters). */
  version: 20,
  /** Discord role and channel names (ids are shorter). */
  discordName: 100,
  /** Roles per list in a server configuration (a guild holds at most 250 roles). */
  serverRoles: 250,
  /** Rank binds of one server: one per Roblox rank number (0-255). */
  rankBinds: 256,
  /** A canned response's short code (issue 39): typed after `/` in the chat. */
  shortCode: 40,
  /** A canned response's text. */
  cannedBody: 5000,
  /** A ticket label (issue 39: "a label over 40 characters" is refused). */
  label: 40,
  /** Labels on one ticket. */
  labels: 20,
  /** The longest first-response target an SLA policy may set: a week, in minutes. */
  slaFirstResponseMinutes: 7 * 24 * 60,
  /** The longest resolution target: 90 days, in hours. */
  slaResolutionHours: 90 * 24,
} as const;
