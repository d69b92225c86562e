import { describe, expect, it } from 'vitest';
import { hasRichFormatting, htmlToPlainText, plainTextToHtml } from '../../../src/pages/trainings/shared/plainTextHtml';

describe('plainTextToHtml', () => {
  it('blank lines make paragraphs, single breaks stay, text is escaped', () => {
    expect(plainTextToHtml('Bonjour\n\nDeux <b>lignes</b> & "plus"\nici')).toBe('<p>Bonjour</p><p>Deux &lt;b&gt;lignes&lt;/b&gt; &amp; &quot;plus&quot;<br>ici</p>');
  });
  it('trims, drops empty paragraphs, handles CRLF', () => {
    expect(plainTextToHtml('  a  \r\n\r\n\r\n\r\n  b ')).toBe('<p>a</p><p>b</p>');
    expect(plainTextToHtml(' \n \n')).toBe('');
  });
});

describe('htmlToPlainText', () => {
  it('is the inverse of plainTextToHtml', () => {
    const text = 'Première ligne\nsuite\n\nL’été & <les> "photos"';
    expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
  });
  it('reads foreign HTML as paragraphs', () => {
    expect(htmlToPlainText('<h2>Titre</h2><ul><li>un</li><li>deux</li></ul><p>fin&nbsp;!&#33;</p>')).toBe('Titre\n\nun\n\ndeux\n\nfin\u00a0!!');
  });
});

describe('hasRichFormatting', () => {
  it('only paragraphs and breaks are plain', () => {
    expect(hasRichFormatting('<p>a<br>b</p><p>c</p>')).toBe(false);
    expect(hasRichFormatting('')).toBe(false);
    expect(hasRichFormatting('<p><strong>a</strong></p>')).toBe(true);
    expect(hasRichFormatting('<ul><li>a</li></ul>')).toBe(true);
    expect(hasRichFormatting('<p class="x">a</p>')).toBe(true);
  });
});
