/**
 * File extensions and content types. An upload is served with the type decided when its address was made
 * (the declared type its kind accepts, see createUploadUrl.ts), recorded on its row: never with the type its
 * name's extension would give (servedContentType). The files of a SCORM package, written by us from the
 * archive, are served by their extension (contentTypeOf).
 */
const byExtension: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  dtd: 'application/xml-dtd',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  weba: 'audio/webm',
  pdf: 'application/pdf',
  zip: 'application/zip',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  epub: 'application/epub+zip',
};

export const OCTET_STREAM = 'application/octet-stream';

export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** The content type a stored key is served with. */
export function contentTypeOf(name: string): string {
  return byExtension[extensionOf(name)] ?? OCTET_STREAM;
}

/** The media type without parameters, lower case: "Text/HTML; charset=x" → "text/html". */
export function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/**
 * The Content-Type an upload is served with, from the media type recorded for it: the usual spelling of a
 * type we know (with its charset for text), else the recorded type as it is (validated when it was declared).
 */
export function servedContentType(recorded: string): string {
  const type = mediaType(recorded);
  const known = byExtension[extensionFor(type)];
  return known && mediaType(known) === type ? known : type || OCTET_STREAM;
}

/** Other names of media types, as some systems send them. */
const aliases: Record<string, string> = { 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/x-m4a': 'm4a', 'audio/mp3': 'mp3', 'image/jpg': 'jpg' };

/** The usual extension of a media type ("image/jpeg" → "jpg"), or '' when none is known. */
export function extensionFor(contentType: string): string {
  const type = mediaType(contentType);
  if (aliases[type]) return aliases[type];
  for (const [extension, known] of Object.entries(byExtension)) if (mediaType(known) === type) return extension;
  return '';
}

/**
 * Shown in the page (images, video, audio, PDF viewer) rather than downloaded. Everything else is sent as an
 * attachment, so a stored HTML or SVG file opened from a link is downloaded, not run on our origin.
 */
export function isInline(contentType: string): boolean {
  const type = mediaType(contentType);
  if (type === 'image/svg+xml') return false;
  return /^(image|video|audio)\//.test(type) || type === 'application/pdf' || type === 'text/vtt';
}

/** A Content-Disposition naming the file, for any name (RFC 6266/5987 encoding). */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string) => `${kind}; filename*=UTF-8''${encodeURIComponent(name)}`;
