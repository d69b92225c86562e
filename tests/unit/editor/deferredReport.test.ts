import { describe, expect, it, vi } from 'vitest';
import { DeferredReport, flushPendingEdits, type ReportClock } from '../../../src/editor/deferredReport';

/** A clock the test moves by hand: timers run when `advance` passes their time. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 1;
  const clock: ReportClock = {
    setTimeout: (run, ms) => {
      const id = next++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => void (timers = timers.filter((timer) => timer.id !== id)),
    now: () => now,
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.run();
    }
    now = until;
  };
  return { clock, advance };
}

describe('DeferredReport', () => {
  it('reports once typing pauses, not per change', () => {
    const { clock, advance } = manualClock();
    const report = vi.fn();
    const deferred = new DeferredReport(report, 150, 1000, clock);
    for (let i = 0; i < 5; i++) {
      deferred.schedule();
      advance(40);
    }
    expect(report).not.toHaveBeenCalled();
    advance(150);
    expect(report).toHaveBeenCalledTimes(1);
    expect(deferred.isPending).toBe(false);
  });

  it('reports by the maximum wait while typing goes on', () => {
    const { clock, advance } = manualClock();
    const report = vi.fn();
    const deferred = new DeferredReport(report, 150, 1000, clock);
    for (let i = 0; i < 30; i++) {
      deferred.schedule();
      advance(40);
    }
    // 1,200 ms of typing with no pause: reported at 1,000 ms after the first change.
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('flushes at once, and only when a change waits', () => {
    const { clock, advance } = manualClock();
    const report = vi.fn();
    const deferred = new DeferredReport(report, 150, 1000, clock);
    deferred.flush();
    expect(report).not.toHaveBeenCalled();
    deferred.schedule();
    deferred.flush();
    expect(report).toHaveBeenCalledTimes(1);
    advance(2000);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('flushPendingEdits reports every waiting editor, and a cancelled one not', () => {
    const { clock } = manualClock();
    const first = vi.fn();
    const second = vi.fn();
    const cancelled = vi.fn();
    const a = new DeferredReport(first, 150, 1000, clock);
    const b = new DeferredReport(second, 150, 1000, clock);
    const c = new DeferredReport(cancelled, 150, 1000, clock);
    a.schedule();
    b.schedule();
    c.schedule();
    expect(c.cancel()).toBe(true);
    flushPendingEdits();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    flushPendingEdits();
    expect(first).toHaveBeenCalledTimes(1);
  });
});
