import { act, renderHook } from '@testing-library/react';
import { selectAllState, toggleAll, toggleOne, useRowSelection } from './row-selection';

describe('row selection', () => {
  it.each([
    [[], [], false],
    [[1, 2], [], false],
    [[1, 2], [1], 'indeterminate'],
    [[1, 2], [1, 2], true],
    [[1, 2], [3], false],
  ] as const)('select-all of %j with %j selected is %s', (ids, selected, expected) => {
    expect(selectAllState(ids, new Set(selected))).toBe(expected);
  });

  it('selects and clears every row shown, keeping others', () => {
    expect([...toggleAll([1, 2], new Set([9]), true)]).toEqual([9, 1, 2]);
    expect([...toggleAll([1, 2], new Set([1, 2, 9]), false)]).toEqual([9]);
  });

  it('toggles one', () => {
    expect([...toggleOne(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1, false)]).toEqual([2]);
  });

  it('empties the selection when the scope changes', () => {
    const { result, rerender } = renderHook(({ scope }) => useRowSelection(scope), {
      initialProps: { scope: 'page=1' },
    });
    act(() => result.current.setSelected(new Set([1, 2])));
    expect(result.current.selected.size).toBe(2);
    rerender({ scope: 'page=2' });
    expect(result.current.selected.size).toBe(0);
  });
});
