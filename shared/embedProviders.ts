/**
 * Video and audio services recognised from their address alone (no network call): the address a player frame
 * loads. The lesson editor previews embeds with it, the learner area renders them with it, and the server's
 * oEmbed answer uses it for these providers before fetching anything. An address no rule knows answers null:
 * the block then shows a link (or the server's fetched card), never a frame of an arbitrary page.
 */
export interface EmbedSource {
  provider: 'youtube' | 'vimeo' | 'dailymotion' | 'loom' | 'soundcloud' | 'spotify';
  /** The https address of the player, to put in an iframe's src. */
  src: string;
  /** Audio players are short; video players keep 16:9. */
  kind: 'video' | 'audio';
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

const hostIs = (url: URL, ...hosts: string[]) => hosts.includes(url.hostname.toLowerCase().replace(/^www\./, '').replace(/^m\./, ''));

export function embedSourceOf(address: string): EmbedSource | null {
  const url = parse(address);
  if (!url) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  if (hostIs(url, 'youtube.com', 'youtube-nocookie.com')) {
    const id = url.pathname === '/watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live'].includes(segments[0] ?? '') ? segments[1] : null;
    return id && ID.test(id) ? { provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}`, kind: 'video' } : null;
  }
  if (hostIs(url, 'youtu.be')) {
    const id = segments[0];
    return id && ID.test(id) ? { provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}`, kind: 'video' } : null;
  }
  if (hostIs(url, 'vimeo.com', 'player.vimeo.com')) {
    const id = segments.find((segment) => /^\d{1,12}$/.test(segment));
    return id ? { provider: 'vimeo', src: `https://player.vimeo.com/video/${id}`, kind: 'video' } : null;
  }
  if (hostIs(url, 'dailymotion.com', 'dai.ly')) {
    const id = hostIs(url, 'dai.ly') ? segments[0] : segments[0] === 'video' || segments[0] === 'embed' ? segments.at(-1) : null;
    return id && ID.test(id) ? { provider: 'dailymotion', src: `https://www.dailymotion.com/embed/video/${id}`, kind: 'video' } : null;
  }
  if (hostIs(url, 'loom.com')) {
    const id = segments[0] === 'share' || segments[0] === 'embed' ? segments[1] : null;
    return id && ID.test(id) ? { provider: 'loom', src: `https://www.loom.com/embed/${id}`, kind: 'video' } : null;
  }
  if (hostIs(url, 'soundcloud.com') && segments.length >= 2) {
    const track = `https://soundcloud.com/${segments.map(encodeURIComponent).join('/')}`;
    return { provider: 'soundcloud', src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(track)}`, kind: 'audio' };
  }
  if (hostIs(url, 'open.spotify.com')) {
    const rest = segments[0] === 'embed' ? segments.slice(1) : segments;
    const [kind, id] = rest;
    return kind && id && ['track', 'album', 'playlist', 'episode', 'show'].includes(kind) && ID.test(id)
      ? { provider: 'spotify', src: `https://open.spotify.com/embed/${kind}/${id}`, kind: 'audio' }
      : null;
  }
  return null;
}
