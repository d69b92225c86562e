// Writes a brotli (`.br`) and a gzip (`.gz`) sibling of every text asset of the built app, at the highest
// settings (done once per build, so the server never compresses them per request): the server's static
// handler picks one by Accept-Encoding (@fastify/static `preCompressed`, server/app.ts). A variant that
// would not be smaller is not written, and the plain file is served instead.
// Run after `vite build` by `npm run build`; `node scripts/precompress.mjs [dir]` (default dist/client).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What a browser downloads as text (source maps are left out: only DevTools reads them). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/** Compresses one file; returns the sizes written (0 where a variant was not worth it). */
async function precompressFile(file) {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { file, size: body.length, br: 0, gz: 0 };
  if (br.length < body.length) await writeFile(`${file}.br`, br).then(() => (sizes.br = br.length));
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz).then(() => (sizes.gz = gz.length));
  return sizes;
}

/** Precompresses every text asset under `dir`; returns one line of sizes per file. */
export async function precompressDir(dir) {
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
  const files = [];
  for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  return Promise.all(files.map(precompressFile));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? 'dist/client');
  const started = performance.now();
  const results = await precompressDir(dir);
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `precompress: ${results.length} files in ${path.relative(process.cwd(), dir) || '.'}, ${kb(total('size'))} → brotli ${kb(total('br'))}, gzip ${kb(total('gz'))} (${Math.round(performance.now() - started)} ms)`,
  );
}
