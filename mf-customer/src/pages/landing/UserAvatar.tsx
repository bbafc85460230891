import type { CurrentUser } from './types.ts';

/**
 * The avatar as an image address: a full URL as is; a Discord avatar hash on Discord's CDN ("a_" hashes are
 * animated); otherwise null.
 */
export function avatarUrl(user: Pick<CurrentUser, 'avatar' | 'discordId'>): string | null {
  const avatar = user.avatar ?? '';
  if (/^https?:\/\//.test(avatar)) return avatar;
  if (avatar && user.discordId) {
    const extension = avatar.startsWith('a_') ? 'gif' : 'png';
    return `https://cdn.discordapp.com/avatars/${user.discordId}/${avatar}.${extension}?size=64`;
  }
  return null;
}

/** The user's avatar image, or the username's initial letter when there is none. */
export default function UserAvatar({
  user,
  size = 32,
}: {
  user: Pick<CurrentUser, 'avatar' | 'username' | 'discordId'>;
  size?: number;
}) {
  const style = { width: size, height: size };
  const src = avatarUrl(user);
  if (src) {
    return <img className="landing-avatar" src={src} alt="" width={size} height={size} style={style} />;
  }
  const initial = (user.username || '?').charAt(0).toUpperCase();
  return (
    <span className="landing-avatar landing-avatar-initial" style={style} aria-hidden="true">
      {initial}
    </span>
  );
}
