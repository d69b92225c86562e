import type { SnapshotFrom } from 'xstate';
import type { aiAssistantMachine } from './aiAssistant.machine';

type Snapshot = SnapshotFrom<typeof aiAssistantMachine>;

/** The view-model of the writer: the request as edited, the text as it stands, and what to show around it. */
export const selectAiAssistantView = (snapshot: Snapshot) => ({
  request: snapshot.context.request,
  text: snapshot.context.text,
  isStreaming: snapshot.matches('streaming'),
  isDone: snapshot.matches('done'),
  isCancelled: snapshot.matches('cancelled'),
  failure: snapshot.matches('failed') ? snapshot.context.failure : null,
  result: snapshot.matches('done') ? snapshot.context.result : null,
  inputMissing: snapshot.context.inputMissing,
});
