import { discordAvatarUrl, type PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';

/**
 * The avatar as an image address: a full URL as is; a Discord avatar hash on Discord's CDN ("a_" hashes are
 * animated); otherwise null (the initial letter stands in).
 */
export function avatarUrl(user: Pick<CurrentUser, 'avatar' | 'discordId'>): string | null {
  if (!user.avatar || (!user.discordId && !/^https?:\/\//.test(user.avatar))) return null;
  return discordAvatarUrl({ avatar: user.avatar, discordId: user.discordId ?? null });
}

/** The user's avatar image, or the username's initial letter when there is none. */
export function UserAvatar({
  user,
  size = 32,
}: {
  user: Pick<CurrentUser, 'avatar' | 'username' | 'discordId'>;
  size?: number;
}) {
  const style = { width: size, height: size };
  const src = avatarUrl(user);
  if (src) {
    return <img className="avatar" src={src} alt="" width={size} height={size} style={style} />;
  }
  const initial = (user.username || '?').charAt(0).toUpperCase();
  return (
    <span className="avatar avatar-initial" style={style} aria-hidden="true">
      {initial}
    </span>
  );
}
