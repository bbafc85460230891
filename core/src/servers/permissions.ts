/** Discord permission bits the servers area reads (discord.com/developers/docs/topics/permissions). */
export const PERMISSION_BITS = {
  'Kick Members': 1n << 1n,
  'Ban Members': 1n << 2n,
  Administrator: 1n << 3n,
  'Manage Channels': 1n << 4n,
  'Manage Server': 1n << 5n,
  'Manage Messages': 1n << 13n,
  'Manage Nicknames': 1n << 27n,
  'Manage Roles': 1n << 28n,
  'Moderate Members': 1n << 40n,
} as const;

export type PermissionName = keyof typeof PERMISSION_BITS;

function bits(permissions: string): bigint {
  try {
    return BigInt(permissions);
  } catch {
    return 0n;
  }
}

/** The named permissions the bit set holds, in the order above; Administrator implies none of the others here. */
export function permissionNames(permissions: string): PermissionName[] {
  const set = bits(permissions);
  return (Object.keys(PERMISSION_BITS) as PermissionName[]).filter((name) => (set & PERMISSION_BITS[name]) !== 0n);
}

/** The rule: the owner, or a holder of Manage Server (Administrator includes it). */
export function managesGuild(guild: { owner: boolean; permissions: string }): boolean {
  const set = bits(guild.permissions);
  return guild.owner || (set & (PERMISSION_BITS.Administrator | PERMISSION_BITS['Manage Server'])) !== 0n;
}

/** The badge on a server card: how the customer came to manage it. */
export function roleIn(guild: { owner: boolean; permissions: string }): 'Owner' | 'Administrator' | 'Manager' | null {
  if (guild.owner) return 'Owner';
  const set = bits(guild.permissions);
  if ((set & PERMISSION_BITS.Administrator) !== 0n) return 'Administrator';
  return (set & PERMISSION_BITS['Manage Server']) !== 0n ? 'Manager' : null;
}
