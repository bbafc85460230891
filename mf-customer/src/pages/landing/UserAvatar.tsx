import type { CurrentUser } from './types.ts';

/** The avatar image when the stored avatar is a full URL, otherwise the username's initial letter. */
export default function UserAvatar({ user, size = 32 }: { user: Pick<CurrentUser, 'avatar' | 'username'>; size?: number }) {
  const avatar = user.avatar ?? '';
  const style = { width: size, height: size };
  if (avatar.startsWith('http')) {
    return <img className="landing-avatar" src={avatar} alt="" width={size} height={size} style={style} />;
  }
  const initial = (user.username || '?').charAt(0).toUpperCase();
  return (
    <span className="landing-avatar landing-avatar-initial" style={style} aria-hidden="true">
      {initial}
    </span>
  );
}
