import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateRangeField } from './date-range-field';
import { dayKey } from './event-time';

// Only Date is faked: "today" is 25 Nov 2026 whatever day the test runs (days after today are disabled).
beforeEach(() => {
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
    ],
  });
  jest.setSystemTime(new Date(2026, 10, 25, 10, 0));
});
afterEach(() => jest.useRealTimers());

describe('DateRangeField', () => {
  it('opens the calendar, takes two days and applies them as YYYY-MM-DD', async () => {
    const onChange = jest.fn();
    render(<DateRangeField from={undefined} to={undefined} onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: 'Tanggal: Semua tanggal' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const grid = await screen.findByRole('grid');
    const days = grid.querySelectorAll<HTMLButtonElement>('button:not([disabled])');
    const first = [...days].find((b) => b.textContent === '1');
    const second = [...days].find((b) => b.textContent === '2');
    if (!first || !second) throw new Error('no day buttons');
    await userEvent.click(first);
    await userEvent.click(second);
    await userEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-11-01', to: '2026-11-02' });
    expect(dayKey(new Date(2026, 10, 1))).toBe('2026-11-01');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the chosen range, clears it, and closes on Escape', async () => {
    const onChange = jest.fn();
    render(<DateRangeField from="2026-11-01" to="2026-11-07" onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /^Tanggal: 1 Nov 2026 – 7 Nov 2026$/ });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Hapus tanggal' }));
    expect(onChange).toHaveBeenCalledWith({ from: null, to: null });
  });
});
