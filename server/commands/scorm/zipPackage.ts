import { open as openFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { StorageTooLargeError, assertSafeKey } from '../../storage/storage.js';

/**
 * Reading an uploaded zip without trusting it. Everything is decided from the central directory before a
 * byte is unpacked, and yauzl's `validateEntrySizes` then holds every entry to the size it declared, so the
 * declared sizes are the real ones:
 * - names: no absolute path, no `..` segment, no backslash (yauzl refuses these itself with strictFileNames),
 *   no control character; no symbolic link (Unix mode S_IFLNK in the external attributes);
 * - a zip bomb: at most `maxEntries` entries, `maxUnpackedBytes` in all, no entry of more than 1 MiB
 *   unpacked that is compressed more than `maxRatio` times (small files may compress a lot harmlessly), and
 *   no archive of more than 1 MiB unpacked that unpacks to more than `maxRatio` times its own size (a
 *   thousand entries of exactly 1 MiB of zeros pass the first, not this one);
 * - overlapping entries (two local headers whose data ranges overlap: the same compressed bytes unpacked
 *   many times over, with a small central directory pointing at them again and again);
 * - encrypted entries and compression methods other than stored/deflate are refused.
 */
export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: Omit<ZipLimits, 'maxUnpackedBytes'> = { maxEntries: 10_000, maxRatio: 100 };
const RATIO_FROM_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface ZipEntryInfo {
  name: string;
  size: number;
}

const fileError = (message: Parameters<typeof invalid>[0][string][number]) => invalid({ file: [message] });
const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/** "PK\x03\x04" (a file entry first) or "PK\x05\x06" (an empty archive): anything else is not a zip. */
export async function looksLikeZip(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4) return false;
    const signature = buffer.readUInt32LE(0);
    return signature === 0x04034b50 || signature === 0x06054b50;
  } finally {
    await handle.close();
  }
}

/** yauzl's own refusals of a name, in our words. */
function zipError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const unsafe = /^(invalid characters in fileName|absolute path|invalid relative path): (.*)$/.exec(message);
  if (unsafe) return fileError(messages.scormUnsafePath(unsafe[2]!.slice(0, 200)));
  return fileError(messages.scormCorrupt);
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(zipError(error)) : resolve(zip),
    );
  });
}

/** The entries one by one (lazyEntries), ending at the central directory's end; yauzl's errors mapped. */
async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      const cleanup = () => {
        zip.removeListener('entry', onEntry);
        zip.removeListener('end', onEnd);
        zip.removeListener('error', onError);
      };
      const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
      const onEnd = () => (cleanup(), resolve(null));
      const onError = (error: unknown) => (cleanup(), reject(zipError(error)));
      zip.once('entry', onEntry);
      zip.once('end', onEnd);
      zip.once('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

export function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(zipError(error)) : resolve(stream))));
}

/**
 * Whether a failure while unpacking comes from the archive's bytes (a lying size, a bad deflate stream, a
 * broken header: the client's file, 422) rather than from us (the disk, the bucket: 500).
 */
function isArchiveFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // The storage holds each entry to its declared size: more bytes means the archive lied.
  if (error instanceof StorageTooLargeError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('Z_')) return true;
  return /bytes in the stream|invalid local file header|unexpected EOF|file data overflows|unsupported compression|invalid (distance|block|stored|code)/i.test(error.message);
}

/** Whether an entry is a directory ("name/"); directories carry nothing to store. */
const isDirectory = (entry: Entry) => entry.fileName.endsWith('/');

function checkEntry(entry: Entry, limits: ZipLimits, total: number, archiveSize: number): void {
  const name = entry.fileName;
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw fileError(messages.scormUnsafePath(name.slice(0, 200)));
  try {
    assertSafeKey(isDirectory(entry) ? name.slice(0, -1) : name);
  } catch {
    throw fileError(messages.scormUnsafePath(name.slice(0, 200)));
  }
  if (entry.isEncrypted()) throw fileError(messages.scormEncrypted);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw fileError(messages.scormCorrupt);
  const bomb = entry.uncompressedSize > RATIO_FROM_BYTES && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio;
  if (bomb || total > limits.maxUnpackedBytes) throw fileError(messages.scormTooLarge(megabytes(limits.maxUnpackedBytes)));
  // The whole archive's ratio grows with every entry read: refused as soon as it is passed.
  if (total > RATIO_FROM_BYTES && total / Math.max(1, archiveSize) > limits.maxRatio) throw fileError(messages.scormOverCompressed(limits.maxRatio));
}

/** Where an entry's bytes lie in the archive: its local header, then its compressed data. */
interface EntryRange {
  start: number;
  end: number;
}

const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;

/**
 * Reads each entry's local header (its name and extra field may differ in length from the central
 * directory's) to find the range [header, end of data) it occupies, and refuses an archive where two ranges
 * overlap: in a zip written by any tool every entry has bytes of its own.
 */
async function checkNoOverlap(path: string, entries: { offset: number; compressedSize: number }[]): Promise<void> {
  const handle = await openFile(path, 'r');
  try {
    const header = Buffer.alloc(LOCAL_HEADER_SIZE);
    const ranges: EntryRange[] = [];
    for (const entry of entries) {
      const { bytesRead } = await handle.read(header, 0, LOCAL_HEADER_SIZE, entry.offset);
      if (bytesRead < LOCAL_HEADER_SIZE || header.readUInt32LE(0) !== LOCAL_HEADER) throw fileError(messages.scormCorrupt);
      const dataStart = entry.offset + LOCAL_HEADER_SIZE + header.readUInt16LE(26) + header.readUInt16LE(28);
      ranges.push({ start: entry.offset, end: dataStart + entry.compressedSize });
    }
    ranges.sort((a, b) => a.start - b.start);
    for (let i = 1; i < ranges.length; i++) if (ranges[i]!.start < ranges[i - 1]!.end) throw fileError(messages.scormOverlapping);
  } finally {
    await handle.close();
  }
}

interface NameNode {
  file: boolean;
  folder: boolean;
  children: Map<string, NameNode>;
}

/**
 * The names of an archive as a tree of path segments, to find those that cannot all be stored: the same file
 * twice, or "a" as a file while "a/b" (or a directory entry "a/") makes it a folder (unpacking would then fail
 * on the disk with ENOTDIR/EISDIR). Segments are compared case-folded and NFC-normalised, as a
 * case-insensitive file system (macOS, Windows) or a copy of the package onto one would see them.
 * Adding a name costs its length: no prefix of it is ever copied or searched for again.
 */
export class NameTree {
  private readonly root: NameNode = { file: false, folder: true, children: new Map() };

  /**
   * Adds an entry's name ("a/b.html", or "a/" for a directory). Answers the part of it that clashes ("a" for
   * "a/b.html" when "a" is a file), or null.
   */
  add(name: string): string | null {
    const directory = name.endsWith('/');
    const segments = (directory ? name.slice(0, -1) : name).split('/');
    let node = this.root;
    for (const [index, segment] of segments.entries()) {
      const key = segment.normalize('NFC').toLowerCase();
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = { file: false, folder: false, children: new Map() }));
      // Every segment but a file's last one is a folder: a clash when a file holds that name already.
      const asFile = index === segments.length - 1 && !directory;
      if (child.file || (asFile && child.folder)) return segments.slice(0, index + 1).join('/');
      if (asFile) child.file = true;
      else child.folder = true;
      node = child;
    }
    return null;
  }
}

/**
 * Checks a whole archive from its central directory (and its entries' local headers, for overlaps) and reads
 * the small files `wanted` asks for (the manifest), at most `maxReadBytes` each. Throws 422 on `file` with the
 * reason. Answers the files and the bytes they unpack to.
 */
export async function inspectZip(
  path: string,
  limits: ZipLimits,
  wanted: (name: string) => boolean,
  maxReadBytes = 5 * 1024 * 1024,
): Promise<{ files: ZipEntryInfo[]; read: Map<string, Buffer>; unpackedBytes: number }> {
  if (!(await looksLikeZip(path))) throw fileError(messages.scormNotZip);
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxEntries) throw fileError(messages.scormTooManyFiles(limits.maxEntries));
    const files: ZipEntryInfo[] = [];
    const read = new Map<string, Buffer>();
    let total = 0;
    const names = new NameTree();
    const archiveSize = (await stat(path)).size;
    const placed: { offset: number; compressedSize: number }[] = [];
    for await (const entry of entriesOf(zip)) {
      total += entry.uncompressedSize;
      checkEntry(entry, limits, total, archiveSize);
      placed.push({ offset: entry.relativeOffsetOfLocalHeader, compressedSize: entry.compressedSize });
      const clash = names.add(entry.fileName);
      if (clash !== null) throw fileError(messages.scormNameClash(clash.slice(0, 200)));
      if (isDirectory(entry)) continue;
      files.push({ name: entry.fileName, size: entry.uncompressedSize });
      if (wanted(entry.fileName) && entry.uncompressedSize <= maxReadBytes) {
        const chunks: Buffer[] = [];
        try {
          for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
        } catch (error) {
          throw isArchiveFault(error) ? fileError(messages.scormCorrupt) : error;
        }
        read.set(entry.fileName, Buffer.concat(chunks));
      }
    }
    await checkNoOverlap(path, placed);
    return { files, read, unpackedBytes: total };
  } finally {
    zip.close();
  }
}

/**
 * Unpacks the files of an archive that `inspectZip` accepted, one at a time, each handed to `store` as a
 * stream of exactly its declared size (yauzl fails a stream that says otherwise).
 */
export async function unpackZip(
  path: string,
  keep: (name: string) => boolean,
  store: (name: string, stream: Readable, size: number) => Promise<void>,
): Promise<void> {
  const zip = await openZip(path);
  try {
    for await (const entry of entriesOf(zip)) {
      if (isDirectory(entry) || !keep(entry.fileName)) continue;
      const stream = await openEntry(zip, entry);
      // Once the storage has given up on a stream, yauzl may still report the same fault on it: already handled.
      stream.on('error', () => undefined);
      try {
        await store(entry.fileName, stream, entry.uncompressedSize);
      } catch (error) {
        stream.destroy();
        throw isArchiveFault(error) ? fileError(messages.scormCorrupt) : error;
      }
    }
  } finally {
    zip.close();
  }
}
