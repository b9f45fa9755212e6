import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from './search-field';

function Harness({ onSearch }: { onSearch: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        label="Cari user"
        value={value}
        onSearch={(v) => {
          onSearch(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue('dari luar')}>
        luar
      </button>
    </>
  );
}

describe('SearchField', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('commits the trimmed text once typing pauses for 500 ms', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Cari user' }), ' bud ');
    act(() => jest.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('bud');
  });

  it('commits at once on Enter and on clear', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox'), 'sari{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('sari');
    await user.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('shows a value changed from outside (back/forward)', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Harness onSearch={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'luar' }));
    expect(screen.getByRole('searchbox')).toHaveValue('dari luar');
  });
});
