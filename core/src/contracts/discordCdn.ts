// Apart from the Discord schemas, so pages showing an avatar do not load zod for it.
/** Discord CDN addresses (spec 1 section 2.8): hashes on the CDN, "a_" hashes animated, full URLs as they are. */
export function discordAvatarUrl(user: { discordId: string | null; avatar: string | null }): string {
  const cdn = 'https://cdn.discordapp.com';
  if (user.avatar && /^https?:\/\//.test(user.avatar)) return user.avatar;
  if (user.avatar && user.discordId) {
    return `${cdn}/avatars/${user.discordId}/${user.avatar}.${user.avatar.startsWith('a_') ? 'gif' : 'png'}`;
  }
  const index = user.discordId && /^\d+$/.test(user.discordId) ? Number(BigInt(user.discordId) % 5n) : 0;
  return `${cdn}/embed/avatars/${index}.png`;
}

/** A guild icon on the CDN, or null for the placeholder. */
export function discordGuildIconUrl(guild: { id: string; icon: string | null }): string | null {
  if (!guild.icon) return null;
  return `https://cdn.discordapp.com/icons/${guild.id}/${guild.icon}.${guild.icon.startsWith('a_') ? 'gif' : 'png'}`;
}
