import { act, render, screen } from '@testing-library/react';
import { MAX_TOASTS, TOAST_DURATION_MS, TOAST_MIN_MS, Toaster, toast } from './toast';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it('shows one toast at a time: an error replaces what stands at once', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Kode OTP dikirim');
      toast.success('Kode OTP benar');
      toast.error('Kode OTP tidak sesuai, silakan periksa kembali');
    });
    expect(MAX_TOASTS).toBe(1);
    expect(screen.queryByText('Kode OTP dikirim')).not.toBeInTheDocument();
    expect(screen.queryByText('Kode OTP benar')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Kode OTP tidak sesuai');
  });

  it('a newer message replaces the current one after it stood TOAST_MIN_MS (the newest waiting one only)', () => {
    render(<Toaster />);
    act(() => {
      toast.success('NIK ditemukan');
      toast.info('Menunggu');
      toast.success('Kode OTP berhasil dikirim');
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('NIK ditemukan');
    act(() => jest.advanceTimersByTime(TOAST_MIN_MS));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Kode OTP berhasil dikirim');
    expect(screen.queryByText('Menunggu')).not.toBeInTheDocument();
    // Later messages replace it at once.
    act(() => jest.advanceTimersByTime(TOAST_MIN_MS));
    act(() => void toast.success('User berhasil diubah'));
    expect(screen.getByRole('status')).toHaveTextContent('User berhasil diubah');
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
