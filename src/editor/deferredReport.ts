/**
 * Coalesces an editor's change reports while the trainer types. Reporting a change means writing the whole
 * document out as HTML, cleaning it and handing it to the page (a machine event, a render, the browser backup):
 * in a 200-block lesson that was most of a keystroke's work. A deferred report runs once typing pauses
 * (`quietMs`), at the latest `maxWaitMs` after the first unreported change, and at once whenever someone needs
 * the latest text: `flush()` (blur, a shortcut) or `flushPendingEdits()` (before every event the page sends the
 * lesson editor's machine, such as apply or save; leaving the page; the browser backup before the tab closes).
 *
 * A small class rather than a hook: the timer lives here, outside the component, and tests drive it by a clock.
 */
export interface ReportClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const browserClock: ReportClock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

/** Every report waiting to run, so the page can take the latest text from all editors at once. */
const waiting = new Set<DeferredReport>();

export class DeferredReport {
  private timer: unknown = null;
  /** When the oldest unreported change was made (null: nothing waits). */
  private since: number | null = null;

  constructor(
    private readonly report: () => void,
    private readonly quietMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: ReportClock = browserClock,
  ) {}

  get isPending(): boolean {
    return this.since !== null;
  }

  /** A change was made: report it after the next pause (or by the maximum wait). */
  schedule(): void {
    const now = this.clock.now();
    if (this.since === null) this.since = now;
    waiting.add(this);
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    const delay = Math.max(0, Math.min(this.quietMs, this.since + this.maxWaitMs - now));
    this.timer = this.clock.setTimeout(() => this.flush(), delay);
  }

  /** Reports now if a change waits (nothing otherwise). */
  flush(): void {
    if (!this.cancel()) return;
    this.report();
  }

  /** Forgets the waiting change (the editor is gone); true when one was waiting. */
  cancel(): boolean {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    waiting.delete(this);
    const pending = this.since !== null;
    this.since = null;
    return pending;
  }
}

/** Reports every waiting change now: whoever reads the editors' values next (save, leave, backup) sees the latest text. */
export function flushPendingEdits(): void {
  for (const report of [...waiting]) report.flush();
}
