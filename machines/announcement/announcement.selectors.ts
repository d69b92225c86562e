import type { SnapshotFrom } from 'xstate';
import type { announcementMachine } from './announcement.machine';

type AnnouncementSnapshot = SnapshotFrom<typeof announcementMachine>;

/** Whether the modal is on screen (shown and not dismissed yet). */
export const selectIsVisible = (snapshot: AnnouncementSnapshot) => snapshot.matches('shown');
