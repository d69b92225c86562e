import './Avatar.css';

/**
 * A back-office user's avatar: their picture, else one of 24 default images chosen by the first letter of their
 * name (spec 3). The 24 defaults are drawn here (a tint and a pattern each) rather than shipped as files: the
 * letters a…x pick one each, y and z (and any other first character) wrap around by its code.
 */
export const DEFAULT_AVATARS = 24;

/** Which default image (0…23) a name gets: its first letter, accents folded. */
export function defaultAvatarIndex(name: string): number {
  const first = name.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().charCodeAt(0);
  if (Number.isNaN(first)) return 0;
  const letter = first - 97;
  return (letter >= 0 && letter < 26 ? letter : first) % DEFAULT_AVATARS;
}

export function Avatar({ name, picture, size = 40 }: { name: string; picture: string | null; size?: number }) {
  if (picture) return <img className="avatar" src={picture} alt="" width={size} height={size} />;
  const index = defaultAvatarIndex(name);
  const hue = Math.round((index * 360) / DEFAULT_AVATARS);
  const initial = name.trim().slice(0, 1).toUpperCase() || '?';
  return (
    <svg className="avatar" viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false" data-avatar={index}>
      <rect width="40" height="40" rx="20" fill={`hsl(${hue} 55% 88%)`} />
      {index % 3 === 0 && <circle cx="32" cy="8" r="10" fill={`hsl(${hue} 50% 78%)`} />}
      {index % 3 === 1 && <path d="M0 30 L40 18 L40 40 L0 40 Z" fill={`hsl(${hue} 50% 80%)`} />}
      {index % 3 === 2 && <circle cx="6" cy="34" r="12" fill={`hsl(${hue} 50% 80%)`} />}
      <text x="20" y="26" textAnchor="middle" fontSize="17" fontWeight="600" fontFamily="system-ui, sans-serif" fill={`hsl(${hue} 60% 22%)`}>
        {initial}
      </text>
    </svg>
  );
}
