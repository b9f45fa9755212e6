import { act, render, screen } from '@testing-library/react';
import { MAX_TOASTS, TOAST_DURATION_MS, Toaster, toast } from './toast';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it('stacks at most two toasts: a newer one replaces the oldest', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Kode OTP dikirim');
      toast.success('Kode OTP benar');
      toast.error('Kode OTP tidak sesuai, silakan periksa kembali');
    });
    expect(MAX_TOASTS).toBe(2);
    expect(screen.queryByText('Kode OTP dikirim')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Kode OTP benar');
    expect(screen.getByRole('alert')).toHaveTextContent('Kode OTP tidak sesuai');
  });

  it('closes each toast after 3000 ms', () => {
    render(<Toaster />);
    act(() => void toast.success('User berhasil ditambahkan'));
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('User berhasil ditambahkan')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('User berhasil ditambahkan')).not.toBeInTheDocument();
  });
});
