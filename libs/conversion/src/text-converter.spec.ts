import { replaceLinks, summaryMessage, type ConvertItem } from './text-conversion';

const item = (start: number, end: number, input: string, output: string | null): ConvertItem => ({
  index: 0,
  input,
  start,
  end,
  marketplace: 'shopee',
  output,
  ok: output !== null,
});

describe('replaceLinks', () => {
  it('replaces converted spans and keeps everything else byte for byte', () => {
    const content = 'a LINK1 b 🔥 LINK2 c LINK3';
    const items = [item(2, 7, 'LINK1', 'X'), item(13, 18, 'LINK2', null), item(21, 26, 'LINK3', 'YYYYYY')];
    expect(replaceLinks(content, items)).toBe('a X b 🔥 LINK2 c YYYYYY');
  });

  it('returns the content itself when there is nothing to replace', () => {
    expect(replaceLinks('nothing here', [])).toBe('nothing here');
  });
});

describe('summaryMessage', () => {
  it.each([
    [0, 0, 'No marketplace links found'],
    [1, 1, 'Converted 1/1 link'],
    [4, 3, 'Converted 3/4 links, 1 not converted'],
    [2, 0, 'Converted 0/2 links, 2 not converted'],
  ])('total %i, success %i → %s', (total, success, message) => {
    expect(summaryMessage(total, success)).toBe(message);
  });
});
