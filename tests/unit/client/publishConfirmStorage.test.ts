import { describe, expect, it } from 'vitest';
import { CONFIRM_COUNT_KEY, HIDE_CONFIRM_KEY, readPublishConfirm, storeConfirmCount, storeHideConfirm } from '../../../src/pages/trainings/content/publishConfirmStorage';

/** A Storage stand-in over a Map (or one that refuses everything, as private browsing may). */
const memory = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
};
const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the publish confirmation in local storage (spec 3: confirm count, hide-confirm flag)', () => {
  it('reads a new browser as nothing confirmed, not hidden; a stored count and flag as they are', () => {
    expect(readPublishConfirm(memory())).toEqual({ confirmCount: 0, hideConfirm: false });
    expect(readPublishConfirm(memory({ [CONFIRM_COUNT_KEY]: '4', [HIDE_CONFIRM_KEY]: 'true' }))).toEqual({ confirmCount: 4, hideConfirm: true });
  });

  it('reads damaged values as a new browser', () => {
    for (const count of ['abc', '-3', '2.5', '1e400', ''])
      expect(readPublishConfirm(memory({ [CONFIRM_COUNT_KEY]: count, [HIDE_CONFIRM_KEY]: 'yes' }))).toEqual({ confirmCount: 0, hideConfirm: false });
  });

  it('writes the count and the flag under the keys it reads', () => {
    const storage = memory();
    storeConfirmCount(3, storage);
    storeHideConfirm(storage);
    expect(Object.fromEntries(storage.map)).toEqual({ [CONFIRM_COUNT_KEY]: '3', [HIDE_CONFIRM_KEY]: 'true' });
    expect(readPublishConfirm(storage)).toEqual({ confirmCount: 3, hideConfirm: true });
  });

  it('a browser that refuses storage asks every time, and nothing throws', () => {
    expect(readPublishConfirm(refusing)).toEqual({ confirmCount: 0, hideConfirm: false });
    expect(() => storeConfirmCount(1, refusing)).not.toThrow();
    expect(() => storeHideConfirm(refusing)).not.toThrow();
    expect(readPublishConfirm(undefined)).toEqual({ confirmCount: 0, hideConfirm: false });
  });
});
