import type { LessonBackup, LessonBackupInput } from '../../../../machines/lessonEditor/lessonDocument';

/**
 * Unsaved lesson work kept in the browser (localStorage, one key per item), so a crash, a closed tab or a
 * lost connection loses nothing: the editor offers it back when the item opens again. Writes are
 * coalesced to one per animation frame at most, as typing sends a change per keystroke.
 */
const KEY_PREFIX = 'lesson-editor-backup:';
const keyOf = (itemId: number) => `${KEY_PREFIX}${itemId}`;

const pending = new Map<number, LessonBackupInput | null>();
let scheduled = false;

function flush() {
  scheduled = false;
  for (const [itemId, backup] of pending) {
    try {
      if (backup === null) localStorage.removeItem(keyOf(itemId));
      else localStorage.setItem(keyOf(itemId), JSON.stringify({ ...backup, savedAt: new Date().toISOString() } satisfies LessonBackup));
    } catch {
      // Storage full or refused (private mode): the server copy and the retries still hold the work.
    }
  }
  pending.clear();
}

/** Keeps (or, with null, forgets) the unsaved work of an item; written at the next frame. */
export function storeLessonBackup(itemId: number, backup: LessonBackupInput | null) {
  pending.set(itemId, backup);
  if (!scheduled) {
    scheduled = true;
    // A tab being closed does not wait for a frame: write at once then.
    if (document.visibilityState === 'hidden') flush();
    else requestAnimationFrame(flush);
  }
}

/** Writes what is waiting now (the page is being hidden or left). */
export const flushLessonBackups = flush;

export async function readLessonBackup(itemId: number): Promise<LessonBackup | null> {
  const raw = localStorage.getItem(keyOf(itemId));
  if (raw === null) return null;
  try {
    const backup = JSON.parse(raw) as LessonBackup;
    return backup.itemId === itemId && backup.fields && Array.isArray(backup.fields.blocks) ? backup : null;
  } catch {
    return null;
  }
}
