/** Letters a French name may carry with an accent, and the forms they take (both cases: ~* only folds ASCII here). */
const VARIANTS: Record<string, string> = {
  a: 'aàâäáãåAÀÂÄÁÃÅ',
  c: 'cçCÇ',
  e: 'eéèêëEÉÈÊË',
  i: 'iîïíìIÎÏÍÌ',
  n: 'nñNÑ',
  o: 'oôöóòõOÔÖÓÒÕ',
  u: 'uùûüúUÙÛÜÚ',
  y: 'yÿýYŸÝ',
};
const LIGATURES: Record<string, string> = { oe: 'œŒ', ae: 'æÆ' };

/** A search as the folded columns hold text (customers' `search_text`): lower case, no accents, œ and æ spelled out. */
export function foldSearch(search: string): string {
  return search.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}

/** `like` that finds `search` anywhere in a folded column: its own `%`, `_` and `\\` are literal. */
export function foldedLike(search: string): string {
  return `%${foldSearch(search).replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * A case- and accent-insensitive regular expression for a catalogue search (trainings and bundles, matched
 * with `~*`): "generalites" and "Généralités" both find "Généralités", "coeur" finds "cœur". Regular-expression
 * characters typed by the user are literal. (Folding the names in SQL with translate() instead measured ten
 * times slower on 2,000 trainings.)
 */
export function searchPattern(search: string): string {
  const folded = foldSearch(search);
  let pattern = '';
  for (let i = 0; i < folded.length; i++) {
    const pair = folded.slice(i, i + 2);
    const char = folded[i]!;
    if (LIGATURES[pair]) {
      pattern += `(?:[${VARIANTS[pair[0]!]}][${VARIANTS[pair[1]!]}]|[${LIGATURES[pair]}])`;
      i++;
    } else if (VARIANTS[char]) pattern += `[${VARIANTS[char]}]`;
    else pattern += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return pattern;
}
