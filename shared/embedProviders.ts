/**
 * Embeddable services recognised from an address alone, with no network call: the iframe address (`src`) the
 * client renders is built here from ids read out of the address, never taken from the caller or a third party.
 * Ids are checked against a strict pattern before they are put into an address.
 */
export interface KnownEmbed {
  provider: string;
  provider_name: string;
  type: 'video' | 'rich';
  src: string;
  width: number | null;
  height: number | null;
  thumbnail_url: string | null;
}

interface Provider {
  key: string;
  name: string;
  type: KnownEmbed['type'];
  hosts: readonly string[];
  size: [number | null, number];
  /** The iframe address for this address, or null when it is not one of the provider's embeddable pages. */
  embed(url: URL): { src: string; thumbnail?: string } | null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const idOr = (value: string | null | undefined) => (value && ID.test(value) ? value : null);
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

/** "1m30s", "90s", "90" → seconds (YouTube's t=); null when unreadable. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value);
  if (!match || value === '') return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

const PROVIDERS: readonly Provider[] = [
  {
    key: 'youtube',
    name: 'YouTube',
    type: 'video',
    hosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com'],
    size: [560, 315],
    embed(url) {
      const parts = segments(url);
      let id: string | null = null;
      if (url.hostname === 'youtu.be') id = idOr(parts[0]);
      else if (parts[0] === 'watch') id = idOr(url.searchParams.get('v'));
      else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') id = idOr(parts[1]);
      if (!id || id.length !== 11) return null;
      const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
      return {
        src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`,
        thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      };
    },
  },
  {
    key: 'vimeo',
    name: 'Vimeo',
    type: 'video',
    hosts: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
    size: [640, 360],
    embed(url) {
      const parts = segments(url);
      const numeric = parts.filter((part) => /^\d{1,12}$/.test(part));
      const id = url.hostname === 'player.vimeo.com' ? (parts[0] === 'video' && /^\d{1,12}$/.test(parts[1] ?? '') ? parts[1] : undefined) : numeric[0];
      if (!id) return null;
      // An unlisted video carries its hash after the id (vimeo.com/123/abcdef or ?h=abcdef).
      const after = parts[parts.indexOf(id) + 1];
      const hash = url.searchParams.get('h') ?? (after && /^[0-9a-f]{6,20}$/.test(after) ? after : null);
      return { src: `https://player.vimeo.com/video/${id}${hash && /^[0-9a-f]{6,20}$/.test(hash) ? `?h=${hash}` : ''}` };
    },
  },
  {
    key: 'dailymotion',
    name: 'Dailymotion',
    type: 'video',
    hosts: ['dailymotion.com', 'www.dailymotion.com', 'dai.ly', 'geo.dailymotion.com'],
    size: [640, 360],
    embed(url) {
      const parts = segments(url);
      let id: string | null = null;
      if (url.hostname === 'dai.ly') id = idOr(parts[0]);
      else if (url.hostname === 'geo.dailymotion.com') id = idOr(url.searchParams.get('video'));
      else if (parts[0] === 'video') id = idOr(parts[1]?.split('_')[0]);
      else if (parts[0] === 'embed' && parts[1] === 'video') id = idOr(parts[2]);
      return id ? { src: `https://www.dailymotion.com/embed/video/${id}` } : null;
    },
  },
  {
    key: 'loom',
    name: 'Loom',
    type: 'video',
    hosts: ['loom.com', 'www.loom.com'],
    size: [640, 360],
    embed(url) {
      const [kind, raw] = segments(url);
      const id = kind === 'share' || kind === 'embed' ? idOr(raw) : null;
      return id && /^[0-9a-f]{32}$/.test(id) ? { src: `https://www.loom.com/embed/${id}` } : null;
    },
  },
  {
    key: 'soundcloud',
    name: 'SoundCloud',
    type: 'rich',
    hosts: ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com'],
    size: [null, 166],
    embed(url) {
      const parts = segments(url);
      if (parts.length < 2 || parts.length > 3 || !parts.every((part) => ID.test(part))) return null;
      const page = `https://soundcloud.com/${parts.join('/')}`;
      return { src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(page)}` };
    },
  },
  {
    key: 'spotify',
    name: 'Spotify',
    type: 'rich',
    hosts: ['open.spotify.com'],
    size: [null, 152],
    embed(url) {
      const parts = segments(url).filter((part) => !/^intl-[a-z]{2}(-[a-z]{2})?$/i.test(part));
      const [kind, raw] = parts[0] === 'embed' ? parts.slice(1) : parts;
      const id = idOr(raw);
      if (!id || !['track', 'album', 'playlist', 'episode', 'show', 'artist'].includes(kind ?? '')) return null;
      return { src: `https://open.spotify.com/embed/${kind}/${id}` };
    },
  },
  {
    key: 'wistia',
    name: 'Wistia',
    type: 'video',
    hosts: ['fast.wistia.net', 'fast.wistia.com'],
    size: [640, 360],
    embed(url) {
      const parts = segments(url);
      const id = parts[0] === 'embed' && (parts[1] === 'iframe' || parts[1] === 'medias') ? idOr(parts[2]?.replace(/\.jsonp?$/, '')) : null;
      return id ? { src: `https://fast.wistia.net/embed/iframe/${id}` } : null;
    },
  },
  {
    key: 'genially',
    name: 'Genially',
    type: 'rich',
    hosts: ['view.genial.ly', 'view.genially.com', 'app.genial.ly'],
    size: [800, 450],
    embed(url) {
      const parts = segments(url);
      const id = idOr(parts[0] === 'editor' ? parts[1] : parts[0]);
      return id && /^[0-9a-f]{24}$/.test(id) ? { src: `https://view.genially.com/${id}` } : null;
    },
  },
  {
    key: 'canva',
    name: 'Canva',
    type: 'rich',
    hosts: ['www.canva.com', 'canva.com'],
    size: [800, 450],
    embed(url) {
      const parts = segments(url);
      const id = parts[0] === 'design' ? idOr(parts[1]) : null;
      return id ? { src: `https://www.canva.com/design/${id}/view?embed` } : null;
    },
  },
];

const BY_HOST = new Map(PROVIDERS.flatMap((provider) => provider.hosts.map((host) => [host, provider] as const)));

/** The known provider's embed for `address`, or null (not an address, not https/http, unknown site or page). */
export function recogniseEmbed(address: string): KnownEmbed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const provider = BY_HOST.get(url.hostname.toLowerCase());
  const found = provider?.embed(url);
  if (!provider || !found) return null;
  return {
    provider: provider.key,
    provider_name: provider.name,
    type: provider.type,
    src: found.src,
    width: provider.size[0],
    height: provider.size[1],
    thumbnail_url: found.thumbnail ?? null,
  };
}

/** Where the players above live: the page's Content-Security-Policy lets frames load from these and nowhere else. */
export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.dailymotion.com',
  'https://www.loom.com',
  'https://w.soundcloud.com',
  'https://open.spotify.com',
  'https://fast.wistia.net',
  'https://view.genially.com',
  'https://www.canva.com',
] as const;
