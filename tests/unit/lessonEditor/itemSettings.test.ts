import { describe, expect, it } from 'vitest';
import { blockerCandidates, parseTasks, placeTask, serialiseTasks, taskListProblems, toggleBlocker, unlockProblems } from '../../../machines/lessonEditor/itemSettings';

/** The pure rules of machines/lessonEditor/itemSettings.ts: task lists, unlock settings, blocker candidates. */
describe('item settings', () => {
  it('reads a task list and ignores what is not one', () => {
    expect(parseTasks(JSON.stringify({ tasks: [{ id: 'a', label: 'Lire' }, { id: 2, label: 'x' }] }))).toEqual([{ id: 'a', label: 'Lire' }]);
    expect(parseTasks(null)).toEqual([]);
    expect(parseTasks('pas du JSON')).toEqual([]);
    expect(parseTasks('{"tasks": 3}')).toEqual([]);
    expect(serialiseTasks([{ id: 'a', label: ' Lire ' }])).toBe('{"tasks":[{"id":"a","label":"Lire"}]}');
  });

  it('finds blank and long tasks and lists over 200, each once', () => {
    expect(taskListProblems([{ id: 'a', label: ' ' }, { id: 'b', label: '' }, { id: 'c', label: 'x'.repeat(501) }])).toEqual(['taskLabelRequired', 'taskLabelTooLong']);
    expect(taskListProblems(Array.from({ length: 201 }, (_, i) => ({ id: String(i), label: 'ok' })))).toEqual(['tooManyTasks']);
    expect(taskListProblems([{ id: 'a', label: 'x'.repeat(500) }])).toEqual([]);
  });

  it('places a task at an index counted after removal (as a drag reports it)', () => {
    const tasks = ['a', 'b', 'c'].map((id) => ({ id, label: id }));
    expect(placeTask(tasks, 'a', 2)!.map((task) => task.id)).toEqual(['b', 'c', 'a']);
    expect(placeTask(tasks, 'c', 0)!.map((task) => task.id)).toEqual(['c', 'a', 'b']);
    expect(placeTask(tasks, 'a', 0)).toBeNull();
    expect(placeTask(tasks, 'z', 1)).toBeNull();
    expect(placeTask(tasks, 'a', 3)).toBeNull();
  });

  it('asks for the value the mode needs, a whole delay within ten years, a score from 0 to 100', () => {
    const base = { mode: 'NONE' as const, at: null, delayDays: null, blockers: [] };
    expect(unlockProblems(base)).toEqual([]);
    expect(unlockProblems({ ...base, mode: 'DATE' })).toEqual(['unlockDateRequired']);
    expect(unlockProblems({ ...base, mode: 'DELAY', delayDays: 0 })).toEqual([]);
    expect(unlockProblems({ ...base, mode: 'DELAY', delayDays: Number.NaN })).toEqual(['unlockDelayOutOfRange']);
    expect(unlockProblems({ ...base, mode: 'DELAY', delayDays: 1.5 })).toEqual(['unlockDelayOutOfRange']);
    // A date kept from an earlier choice is no problem under another mode (it is not sent).
    expect(unlockProblems({ ...base, mode: 'MANUAL', at: null, delayDays: -1 })).toEqual([]);
    expect(unlockProblems({ ...base, blockers: [{ type: 'QUIZ_SCORE', item_id: 1, min_score: Number.NaN }] })).toEqual(['blockerScoreOutOfRange']);
  });

  it('toggles a blocker without duplicating it', () => {
    const on = toggleBlocker([], 'TASKS', 4, true);
    expect(toggleBlocker(on, 'TASKS', 4, true)).toEqual([{ type: 'TASKS', item_id: 4, min_score: null }]);
    expect(toggleBlocker(on, 'TASKS', 4, false)).toEqual([]);
  });

  it('offers the quizzes, task lists and assignments placed before the item, in reading order', () => {
    type Node = { id: number; type: string; name: string; children: Node[] };
    const node = (id: number, type: string, children: Node[] = []): Node => ({ id, type, name: `#${id}`, children });
    const outline = [node(1, 'SECTION', [node(2, 'QUIZ'), node(3, 'GENERIC'), node(4, 'TASKS')]), node(5, 'SECTION', [node(6, 'GENERIC'), node(7, 'ASSIGNMENT')])];
    expect(blockerCandidates(outline, 6)).toEqual([
      { itemId: 2, name: '#2', blockerType: 'QUIZ_SCORE' },
      { itemId: 4, name: '#4', blockerType: 'TASKS' },
    ]);
    expect(blockerCandidates(outline, 2)).toEqual([]);
    expect(blockerCandidates(outline, 99)).toEqual([]);
  });
});
