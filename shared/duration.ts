/** Durations as spec 9 writes them, for the back office and the server's documents (attendance certificates). */

const two = (n: number) => String(n).padStart(2, '0');

/** A duration in seconds as "hh h mm m ss s": 3 725 → "01 h 02 m 05 s", 330 → "05 m 30 s". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const tail = `${two(minutes)} m ${two(rest)} s`;
  return hours > 0 ? `${two(hours)} h ${tail}` : tail;
}
