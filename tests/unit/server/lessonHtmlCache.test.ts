import { describe, expect, it } from 'vitest';
import { cleanLessonHtml } from '../../../server/commands/trainingItems/lessonHtml';

describe('cleanLessonHtml: the cache of cleaned HTML', () => {
  it('answers a repeated input as cleaned the first time, never the raw input', () => {
    const sent = `<p onclick="steal()">Bonjour <a href="javascript:alert(1)">ici</a></p><script>steal()</script> ${Math.random()}`;
    const first = cleanLessonHtml(sent);
    expect(first).not.toMatch(/onclick|javascript:|script/);
    expect(cleanLessonHtml(sent)).toBe(first);
  });

  it('keeps working past its bound (the oldest entries leave, answers stay the same)', () => {
    const inputs = Array.from({ length: 2_100 }, (_, i) => `<p>Bloc ${i}<img src=x onerror=alert(${i})></p>`);
    const answers = inputs.map(cleanLessonHtml);
    expect(answers[0]).toBe('<p>Bloc 0</p>');
    expect(inputs.map(cleanLessonHtml)).toEqual(answers);
  });
});
