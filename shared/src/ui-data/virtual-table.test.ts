import fs from 'node:fs';
import path from 'node:path';
import { initialScrollerHeight } from './virtual-table';

describe('initialScrollerHeight', () => {
  it.each([
    [720, 420],
    [1080, 780],
    [600, 360],
    [400, 360],
  ])('is the long-page scroller height in a %i px window (%i)', (viewport, expected) => {
    expect(initialScrollerHeight(viewport)).toBe(expected);
  });

  it('follows the max-height of `.virtual` in the stylesheet', () => {
    const css = fs.readFileSync(path.join(__dirname, 'data-table.module.css'), 'utf8');
    expect(css).toMatch(/\.virtual \{[^}]*max-height: max\(360px, calc\(100vh - 300px\)\);/);
  });
});
