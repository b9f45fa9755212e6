import { TextDecoder, TextEncoder } from 'node:util';
import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sso/shared/api';
import type { ApplicationDetail } from '@sso/shared/contract';
import { encodeHashId } from '@sso/shared/federation';
import { renderRoute } from '@sso/shared/testing';
import { createApplicationDetail, settled } from '../test-support/factories';
import { useApplication } from '../api/get-application';
import AppEditPage from './app-edit-page';

jest.mock('../api/get-application');
jest.mock('./api/update-application', () => ({ useUpdateApplication: () => ({ mutateAsync: jest.fn() }) }));
jest.mock('./api/upload-logo', () => ({
  useUploadLogo: () => ({ mutateAsync: jest.fn(), isPending: false }),
}));

// jsdom lacks the encoders every browser has; the codec needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const renderAt = (hashId: string) =>
  renderRoute(<AppEditPage />, { path: '/edit-aplikasi/:hashId', url: `/edit-aplikasi/${hashId}` });

describe('AppEditPage', () => {
  it('takes only the id from the link and fills the form from the api', () => {
    jest
      .mocked(useApplication)
      .mockReturnValue(settled(createApplicationDetail()) as unknown as UseQueryResult<ApplicationDetail>);
    renderAt(encodeHashId({ id: 6, name: 'Nama Lama dari Tautan' }));
    expect(jest.mocked(useApplication)).toHaveBeenLastCalledWith(6);
    expect(screen.getByLabelText('Nama Aplikasi')).toHaveValue('Aplikasi Gudang');
    expect(screen.getByLabelText('Nama sub-menu 1 dari Laporan')).toHaveValue('Laporan Harian');
  });

  it.each(['bukan-base64!', encodeHashId({ nama: 'x' }), encodeHashId({ id: -1 })])(
    'a malformed link (%s) shows a message and the way back, never a blank screen',
    (hashId) => {
      jest
        .mocked(useApplication)
        .mockReturnValue(settled(undefined) as unknown as UseQueryResult<ApplicationDetail>);
      renderAt(hashId);
      expect(screen.getByText('Data aplikasi tidak valid')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Kembali ke App Management' })).toHaveAttribute(
        'href',
        '/app-management',
      );
    },
  );

  it('an application that is gone says so (404)', () => {
    jest.mocked(useApplication).mockReturnValue({
      data: undefined,
      isError: true,
      error: new ApiError('http', 'Aplikasi tidak ditemukan', 404, { message: 'Aplikasi tidak ditemukan' }),
      refetch: jest.fn(),
    } as unknown as UseQueryResult<ApplicationDetail>);
    renderAt(encodeHashId({ id: 99, name: 'Hilang' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Aplikasi tidak ditemukan');
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).not.toBeInTheDocument();
  });
});
