// The storefront's first reads, inlined into school.html at build time (issue 12). The player asked for its data
// only once the entry's first chunks had arrived and evaluated (~70 ms after the HTML on a warm cache, while the
// main thread then sat idle waiting for the answers). Compiled from the very module the entry imports first
// (src/pages/school/sendFirstReads.ts), so there is one copy of the address rules; the module sends nothing when
// the inline copy already ran. The server's CSP lets the script run by its hash (server/http/csp.ts).
import { build } from 'esbuild';

export const FIRST_READS_ENTRY = 'src/pages/school/sendFirstReads.ts';

/** The module as one classic script: minified, no imports left. */
export async function firstReadsScript(entry = FIRST_READS_ENTRY) {
  const result = await build({ entryPoints: [entry], bundle: true, format: 'iife', minify: true, write: false, target: 'es2020', legalComments: 'none', logLevel: 'silent' });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`inline-first-reads: esbuild wrote nothing for ${entry}`);
  // `</script` cannot end the inline script early: the code holds no such text, but make sure.
  return file.text.trim().replaceAll('</script', '<\\/script');
}

/** Vite plugin: school.html gets the script ahead of its entry, in the production build only. */
export function inlineSchoolFirstReads() {
  return {
    name: 'inline-school-first-reads',
    apply: 'build',
    transformIndexHtml: {
      // Before Vite adds the entry's stylesheets: an inline script placed after a stylesheet waits for it to load.
      order: 'pre',
      async handler(html, context) {
        if (!context.filename.endsWith('school.html')) return html;
        if (!html.includes('</title>')) throw new Error('inline-first-reads: school.html has no </title>');
        const script = await firstReadsScript();
        // A function, not a string: the code holds `$` sequences that a replacement string would expand.
        return html.replace('</title>', () => `</title>\n    <script>${script}</script>`);
      },
    },
  };
}
