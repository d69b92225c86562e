import { describe, expect, it } from 'vitest';
import { scormOutcome } from '../../../shared/scormCmi';

describe('scormOutcome: SCORM 1.2', () => {
  const core = (lesson_status: string, score: Record<string, string> = {}) => ({ cmi: { core: { lesson_status, score: { raw: '', min: '', max: '', ...score } } } });

  it('is done when lesson_status is completed or passed, not otherwise', () => {
    expect(scormOutcome('1.2', core('completed')).completed).toBe(true);
    expect(scormOutcome('1.2', core('passed')).completed).toBe(true);
    expect(scormOutcome('1.2', core(' Passed ')).completed).toBe(true);
    for (const status of ['incomplete', 'failed', 'browsed', 'not attempted', '']) expect(scormOutcome('1.2', core(status)).completed).toBe(false);
    // 2004 fields mean nothing in a 1.2 package.
    expect(scormOutcome('1.2', { cmi: { completion_status: 'completed', success_status: 'passed' } }).completed).toBe(false);
  });

  it('reads score.raw as a percent, or over [min, max] when max is given', () => {
    expect(scormOutcome('1.2', core('passed', { raw: '85' })).score).toBe(85);
    expect(scormOutcome('1.2', core('passed', { raw: '7', max: '20' })).score).toBe(35);
    expect(scormOutcome('1.2', core('passed', { raw: '15', min: '10', max: '20' })).score).toBe(50);
    expect(scormOutcome('1.2', core('passed', { raw: '2', max: '3' })).score).toBe(66.67);
  });

  it('gives no score rather than a wrong one', () => {
    expect(scormOutcome('1.2', core('passed')).score).toBeNull();
    expect(scormOutcome('1.2', core('passed', { raw: 'beaucoup' })).score).toBeNull();
    expect(scormOutcome('1.2', core('passed', { raw: '150' })).score).toBeNull();
    expect(scormOutcome('1.2', core('passed', { raw: '-5' })).score).toBeNull();
  });

  it('takes the cmi object with or without its root, and survives anything else', () => {
    expect(scormOutcome('1.2', { core: { lesson_status: 'completed' } }).completed).toBe(true);
    for (const junk of [null, undefined, 'completed', 42, [], { cmi: 'x' }, { cmi: { core: [] } }]) expect(scormOutcome('1.2', junk)).toEqual({ completed: false, score: null });
  });
});

describe('scormOutcome: SCORM 2004', () => {
  it('is done when completion_status is completed or success_status is passed', () => {
    expect(scormOutcome('2004', { cmi: { completion_status: 'completed', success_status: 'unknown' } }).completed).toBe(true);
    expect(scormOutcome('2004', { cmi: { completion_status: 'incomplete', success_status: 'passed' } }).completed).toBe(true);
    expect(scormOutcome('2004', { cmi: { completion_status: 'incomplete', success_status: 'failed' } }).completed).toBe(false);
    // The 1.2 field means nothing in a 2004 package.
    expect(scormOutcome('2004', { cmi: { core: { lesson_status: 'completed' } } }).completed).toBe(false);
  });

  it('reads score.scaled × 100, else raw over max', () => {
    expect(scormOutcome('2004', { cmi: { score: { scaled: '0.8', raw: '3', max: '10' } } }).score).toBe(80);
    expect(scormOutcome('2004', { cmi: { score: { scaled: '', raw: '3', max: '10' } } }).score).toBe(30);
    expect(scormOutcome('2004', { cmi: { score: { scaled: '-0.5' } } }).score).toBeNull();
    expect(scormOutcome('2004', { cmi: {} }).score).toBeNull();
  });
});
