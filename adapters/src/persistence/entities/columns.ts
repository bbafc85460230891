import { p } from '@mikro-orm/core';
import { LIMITS } from '@groupflow/core/contracts';

/** Column builders for the length limits of spec 3 section 5, so every table uses the same bounds. */
export const col = {
  id: () => p.integer().primary().autoincrement(),
  name: () => p.string().length(LIMITS.name),
  email: () => p.string().length(LIMITS.email),
  title: () => p.string().length(LIMITS.title),
  type: () => p.string().length(LIMITS.type),
  status: () => p.string().length(LIMITS.status),
  priority: () => p.string().length(LIMITS.priority),
  role: () => p.string().length(LIMITS.role),
  /** Discord snowflakes and Roblox ids exceed 32 bits, so they are kept as text. */
  externalId: () => p.string().length(32),
  text: () => p.text(),
  /** Set by the server on insert; the column default also covers rows written outside the ORM. */
  createdAt: () =>
    p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  updatedAt: () =>
    p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .defaultRaw('now()'),
};
