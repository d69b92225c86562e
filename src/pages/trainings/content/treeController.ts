import { createContext, useContext } from 'react';
import type { AddableItemType, Creator } from '../../../../machines/itemCreation/itemTypes';
import type { TrainingItemNode } from '../../../api/trainingItemsApi';
import type { StepDirection } from './outline';

/** What a row of the tree can ask for; the tree decides how (dialogs, calls, machines). */
export type TreeAction =
  | { kind: 'edit' | 'duplicate' | 'duplicateElsewhere' | 'delete' | 'preview' | 'openScorm' | 'publish' | 'unpublish'; node: TrainingItemNode }
  | { kind: 'move'; node: TrainingItemNode; direction: StepDirection }
  | { kind: 'add'; itemType: AddableItemType; section: TrainingItemNode };

/**
 * The tree's handlers, one stable object for every row (a context, so memoised rows are not redrawn when the
 * tree redraws). Answers read the current state when called: a menu asks when it opens.
 */
export interface TreeController {
  run(action: TreeAction): void;
  /** Whether "Monter" / "Descendre" can move this entry. */
  canMove(node: TrainingItemNode, direction: StepDirection): boolean;
  /** Whether a lesson preview can open now (a token is held). */
  canPreview(): boolean;
}

export const TreeControllerContext = createContext<TreeController | null>(null);

export function useTreeController(): TreeController {
  const controller = useContext(TreeControllerContext);
  if (!controller) throw new Error('useTreeController: no TreeControllerContext');
  return controller;
}

/** What every row needs to know about the viewer and the screen; changes rarely (a resize across 1024 px). */
export interface TreeSettings {
  trainingUuid: string;
  /** OWNER, ADMIN, TEACHER (or a platform admin): menus, adding, links to the editors. */
  canEdit: boolean;
  /** canEdit on a screen of 1024 px or more. */
  canDrag: boolean;
  /** The store's plan (and the platform-admin flag): locked item types show a gem. */
  creator: Creator;
}
