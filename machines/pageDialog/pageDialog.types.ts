import type { components, operations } from '../../src/api/schema.gen';

/** A site page (legal notices, terms…) shown in the page dialog. */
export type Page = components['schemas']['Page'];

/** The body of GET /pages/?slug= : a list, empty when no page has that slug. */
export type PageList = operations['listPages']['responses'][200]['content']['application/json'];

/** Pages already asked for, by slug: the page, or null when the site answered that it does not exist. */
export type PageCache = Record<string, Page | null>;
