/** Length limits of spec 3 section 5, shared by database columns, server validation and forms. */
export const LIMITS = {
  name: 255,
  email: 255,
  title: 255,
  type: 50,
  status: 50,
  priority: 20,
  role: 100,
  minPassword: 6,
  /** Bounds the work of hashing a submitted password. */
  maxPassword: 200,
  /** HR action reasons. */
  reason: 2000,
} as const;
