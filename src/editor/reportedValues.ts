/**
 * The values a controlled editor reported through onChange and has not yet seen come back as its `value`.
 *
 * Why a list and not just the last one: typing faster than React commits (a loaded machine) reports "ab" then
 * "abc" before the effect that reads the props runs with "ab". Comparing with the last report only would take
 * that late "ab" for a replacement from outside and wipe the "c" just typed. A value found in the list is our
 * own echo, late or not; the reports before it can no longer come back and are dropped.
 */
export class ReportedValues {
  /** Oldest first; never empty: it starts with the first value and a replacement resets it to that value. */
  private pending: [string, ...string[]];

  constructor(initial: string) {
    this.pending = [initial];
  }

  /** Remembers a value the editor reported. */
  report(value: string): void {
    if (this.pending[this.pending.length - 1] !== value) this.pending.push(value);
  }

  /** The last value reported (or accepted from outside). */
  get latest(): string {
    return this.pending.at(-1) ?? this.pending[0];
  }

  /**
   * Reads a `value` prop: true when it is one of our reports coming back (nothing to do), false when it is new
   * content from outside, which then becomes the only value known.
   */
  isEcho(value: string): boolean {
    const index = this.pending.lastIndexOf(value);
    if (index === -1) {
      this.pending = [value];
      return false;
    }
    this.pending = [value, ...this.pending.slice(index + 1)];
    return true;
  }
}
