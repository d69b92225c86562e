/**
 * The body of PUT /trainings/reordering for one page of the list. The page's trainings swap the order
 * numbers they already hold among themselves, so the trainings of the other pages keep their place
 * whatever gaps deletions left; numbers held twice are spread out (each one above the previous).
 */
export function pageReorderBody(rows: ReadonlyArray<{ uuid: string; position: number }>, orderedUuids: readonly string[]): Array<{ uuid: string; order: number }> {
  const positions = rows.map((row) => row.position).sort((a, b) => a - b);
  for (let i = 1; i < positions.length; i += 1) positions[i] = Math.max(positions[i]!, positions[i - 1]! + 1);
  // The reorder machine only saves rearrangements: as many uuids as rows.
  return orderedUuids.map((uuid, i) => ({ uuid, order: positions[i] ?? i }));
}

/** The rows in the given order; rows missing from it (just created) come last, ids without a row are skipped. */
export function rowsInOrder<T extends { uuid: string }>(rows: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(rows.map((row) => [row.uuid, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const placed = new Set(ids);
  return [...ordered, ...rows.filter((row) => !placed.has(row.uuid))];
}
