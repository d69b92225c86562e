// The browser of the bench: Debian's chromium unless CHROMIUM_PATH says otherwise (empty: Playwright's own),
// with the flags of playwright.config.ts.
export const chromiumPath: string | undefined = process.env.CHROMIUM_PATH === '' ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
