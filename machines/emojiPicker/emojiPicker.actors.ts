import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { EmojiGroup } from './emojiPicker.machine';

/** What the app supplies: the emoji data, loaded lazily (a chunk of its own). */
export interface EmojiPickerSource {
  load(signal: AbortSignal): Promise<readonly EmojiGroup[]>;
}

/** Real actors for `emojiPickerMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createEmojiPickerActors(source: EmojiPickerSource) {
  return {
    loadEmojis: fromPromise<readonly EmojiGroup[], void>(({ signal }) => settleUnlessAborted(signal, source.load(signal))),
  };
}
