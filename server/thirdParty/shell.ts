import { browserThirdParty, type ThirdPartyConfig } from './config.js';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The `<meta name="third-party">` the HTML shell carries when a browser-side service is configured: its public
 * keys as JSON (src/app/thirdParty.ts reads it). Empty when none is: the shell is then the built file as it is.
 */
export function thirdPartyMetaTag(config: ThirdPartyConfig): string {
  const browser = browserThirdParty(config);
  if (!Object.keys(browser).length) return '';
  return `<meta name="third-party" content="${escapeAttribute(JSON.stringify(browser))}" />`;
}

/** The shell with the tag added at the end of its head. */
export const withThirdPartyTag = (html: string, tag: string) => (tag ? html.replace('</head>', () => `  ${tag}\n  </head>`) : html);
