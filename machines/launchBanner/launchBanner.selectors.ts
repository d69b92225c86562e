import type { SnapshotFrom } from 'xstate';
import type { launchBannerMachine } from './launchBanner.machine';

type LaunchBannerSnapshot = SnapshotFrom<typeof launchBannerMachine>;

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * A duration in whole days, hours, minutes and seconds. Partial seconds round UP, so a visible
 * countdown never reads 0 d 0 h 0 m 0 s before the promotion is over (and reads exactly 4 d 0 h 0 m 0 s
 * at the first instant of day 4).
 */
export function splitDuration(ms: number): Remaining {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

export const selectIsVisible = (snapshot: LaunchBannerSnapshot) => snapshot.matches('counting');

/** Time left until the promotion ends (createdAt + 7 days), or null while the banner is hidden. */
export const selectRemaining = (snapshot: LaunchBannerSnapshot): Remaining | null =>
  selectIsVisible(snapshot) ? splitDuration(snapshot.context.endsAt - snapshot.context.nowMs) : null;

/** The view-model of the banner. */
export const selectLaunchBannerView = (snapshot: LaunchBannerSnapshot) => ({
  isVisible: selectIsVisible(snapshot),
  remaining: selectRemaining(snapshot),
});
