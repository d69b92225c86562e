import { schoolPaths } from '../../../../shared/schoolPaths';
import { CheckSquare, ClipboardCheck, FileText, Folder, ListChecks, Package, Video, type LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from 'react-intl';
import type { TrainingItemType } from '../../../../machines/itemCreation/itemTypes';
import { contentMessages as m } from './contentMessages';

/** The icon and the name of each item type, as the tree and the "add" menu show them. */
export const ITEM_TYPE_VIEW: Record<TrainingItemType, { icon: LucideIcon; label: MessageDescriptor }> = {
  SECTION: { icon: Folder, label: m.typeSECTION },
  GENERIC: { icon: FileText, label: m.typeGENERIC },
  VIDEO: { icon: Video, label: m.typeVIDEO },
  QUIZ: { icon: ListChecks, label: m.typeQUIZ },
  TASKS: { icon: CheckSquare, label: m.typeTASKS },
  ASSIGNMENT: { icon: ClipboardCheck, label: m.typeASSIGNMENT },
  SCORM: { icon: Package, label: m.typeSCORM },
};

/** The editor route segment of each type that has an editor (src/app/routes.ts); a SECTION has none. */
const EDITOR_SEGMENT: Partial<Record<TrainingItemType, string>> = {
  GENERIC: 'editor',
  VIDEO: 'editor',
  QUIZ: 'quiz',
  TASKS: 'tasks',
  ASSIGNMENT: 'assignment',
  SCORM: 'scorm',
};

const withParent = (path: string, parentId: number | null) => (parentId === null ? path : `${path}?parentId=${parentId}`);

/** The editor of an item (`/formations/:uuid/editor/:id?parentId=…` and the like), or null for a SECTION. */
export function editorPath(trainingUuid: string, type: TrainingItemType, itemId: number, parentId: number | null): string | null {
  const segment = EDITOR_SEGMENT[type];
  return segment ? withParent(`/formations/${encodeURIComponent(trainingUuid)}/${segment}/${itemId}`, parentId) : null;
}

/** The submissions of an assignment, waiting for correction. */
export const submissionsPath = (trainingUuid: string, itemId: number, parentId: number | null) =>
  withParent(`/formations/${encodeURIComponent(trainingUuid)}/assignment/${itemId}/submissions`, parentId);

/**
 * Spec section 2: a lesson previews in the learner area with the store's preview token: the school's player at the
 * item (shared/schoolPaths.ts), the token in `preview_token` as the contract's previewToken scheme names it.
 */
export const previewPath = (subdomain: string, trainingUuid: string, itemId: number, token: string) =>
  `${schoolPaths.player(subdomain, trainingUuid, itemId)}?${new URLSearchParams({ preview_token: token })}`;

/** Types whose learner page can be previewed (a section is not a page). */
export const isPreviewable = (type: TrainingItemType) => type !== 'SECTION';
