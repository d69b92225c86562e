import type { SnapshotFrom } from 'xstate';
import type { scormPlayerMachine } from './scormPlayer.machine';

type ScormPlayerSnapshot = SnapshotFrom<typeof scormPlayerMachine>;

/** The view-model of a SCORM item in the player. */
export const selectScormPlayerView = (snapshot: ScormPlayerSnapshot) => {
  const { context } = snapshot;
  const progress = context.progress;
  const runtimeFailed = snapshot.matches('error') && context.failure?.code === 'SCORM_RUNTIME';
  return {
    isLoading: snapshot.matches('loading'),
    /** The runtime page to frame (it frames the package); null before it is known or without one. */
    runtimeUrl: progress?.runtime_url ?? null,
    /** Without a runtime page the package is framed directly, in its sandbox, and nothing is saved. */
    untracked: snapshot.matches('untracked'),
    isSaving: snapshot.matches('saving'),
    /** Data not saved yet (a failed save): leaving would lose it. */
    hasUnsavedData: context.unsaved !== null,
    finished: snapshot.matches('finished'),
    /** Some data of the package is saved (a commit came back, or one from an earlier visit). */
    hasSavedData: (progress?.cmi ?? null) !== null,
    completedAt: progress?.completed_at ?? null,
    score: progress?.score ?? null,
    failure: snapshot.matches('error') && !runtimeFailed ? context.failure : null,
    runtimeFailed,
    canRetry: snapshot.can({ type: 'RETRY' }),
    /** The frame stays while the package runs, saves or failed to save (it still holds the learner's work). */
    showsFrame: (progress?.runtime_url ?? null) !== null && !runtimeFailed,
  };
};
