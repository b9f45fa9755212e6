import { render, screen } from '@testing-library/react';
import { EditRecordState } from './edit-record';
import { FormSkeleton } from './skeleton';

describe('FormSkeleton', () => {
  it('is announced once as loading, its bars hidden from screen readers', () => {
    const { container } = render(<FormSkeleton fields={3} />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    const bars = container.querySelectorAll('[aria-hidden="true"]');
    expect(bars).toHaveLength(6);
  });

  it('is the loading look of an edit page reading its record', () => {
    render(
      <EditRecordState
        query={{ data: undefined, error: null, refetch: jest.fn() }}
        missingTitle="User tidak ditemukan"
        missingBody="-"
        backAction={null}
      />,
    );
    expect(screen.getByRole('status', { name: 'Memuat data…' })).toBeInTheDocument();
  });
});
