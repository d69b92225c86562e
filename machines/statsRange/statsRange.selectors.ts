import type { SnapshotFrom } from 'xstate';
import { presetOf, rangeProblem } from '../../shared/statsRange';
import type { statsRangeMachine } from './statsRange.machine';

type StatsRangeSnapshot = SnapshotFrom<typeof statsRangeMachine>;

/** The view-model of the statistics range card. */
export const selectStatsRangeView = (snapshot: StatsRangeSnapshot) => ({
  /** The two dates as the fields show them. */
  range: snapshot.context.range,
  /** The range the figures and the chart are asked for. */
  asked: snapshot.context.asked,
  /** Why the typed dates are not asked ('missing' | 'order' | 'tooLong'), or null. */
  problem: snapshot.matches('invalid') ? rangeProblem(snapshot.context.range, snapshot.context.maxSpanDays) : null,
  /** The shortcut the dates are (shown pressed), however they were chosen, counted from the clock's last reading. */
  activePreset: presetOf(snapshot.context.range, new Date(snapshot.context.nowMs)),
});
