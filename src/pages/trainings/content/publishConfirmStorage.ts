/**
 * The two local-storage items of spec 3 for publishing from the content tree: the "training-item confirm count"
 * (publishes confirmed in the tree's dialog) and the "hide-confirm flag" (publish without asking). Read once when
 * the tree opens (machines/treeDialogs' input) and written by its `storeConfirmCount` / `storeHideConfirm` actions.
 * Storage may be refused (private browsing, quota): then the tree asks every time, as for a new browser.
 */
export const CONFIRM_COUNT_KEY = 'training-item-confirm-count';
export const HIDE_CONFIRM_KEY = 'training-item-hide-confirm';

export interface StoredPublishConfirm {
  confirmCount: number;
  hideConfirm: boolean;
}

export function readPublishConfirm(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): StoredPublishConfirm {
  try {
    const count = Number(storage?.getItem(CONFIRM_COUNT_KEY) ?? 0);
    return { confirmCount: Number.isSafeInteger(count) && count > 0 ? count : 0, hideConfirm: storage?.getItem(HIDE_CONFIRM_KEY) === 'true' };
  } catch {
    return { confirmCount: 0, hideConfirm: false };
  }
}

export function storeConfirmCount(count: number, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(CONFIRM_COUNT_KEY, String(count));
  } catch {
    /* refused: counted again from zero next time */
  }
}

export function storeHideConfirm(storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(HIDE_CONFIRM_KEY, 'true');
  } catch {
    /* refused: the dialog shows again next time */
  }
}
