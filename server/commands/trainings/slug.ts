/** Is this error PostgreSQL's unique violation (23505)? Drizzle wraps driver errors, so look at the cause too. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Runs `attempt` again when the store's unique slug index refuses its insert: freeSlug reads the taken
 * slugs first, so only two requests racing for the same name get here, and the loser picks the next free one.
 */
export async function retryOnSlugCollision<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries || !isUniqueViolation(error)) throw error;
    }
  }
}
