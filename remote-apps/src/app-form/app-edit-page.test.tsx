/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { paths } from '@sso/shared/contract';
import { encodeHashId } from '@sso/shared/federation';
import { renderRoute } from '@sso/shared/testing';
import { fakeServer, refused, requestsTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { appScenarios } from '../test-support/app-scenarios';
import { createApplicationDetail } from '../test-support/factories';
import AppEditPage from './app-edit-page';

const server = startFakeServer();
/** The record reads the page made (any id: a malformed link must make none). */
const recordReads = () =>
  server.requests.filter((r) => /\/applications\/detail\//.test(new URL(r.url).pathname));

const renderAt = (hashId: string) =>
  renderRoute(<AppEditPage />, { path: '/edit-aplikasi/:hashId', url: `/edit-aplikasi/${hashId}` });

describe('AppEditPage', () => {
  it('takes only the id from the link and fills the form from the api', async () => {
    fakeServer.use(appScenarios.detail(createApplicationDetail()));
    renderAt(encodeHashId({ id: 6, name: 'Nama Lama dari Tautan' }));
    expect(await screen.findByLabelText('Nama Aplikasi')).toHaveValue('Aplikasi Gudang');
    expect(requestsTo(server.requests, 'GET', paths.applications.detail(6))).toHaveLength(1);
    expect(screen.getByLabelText('Nama sub-menu 1 dari Laporan')).toHaveValue('Laporan Harian');
  });

  it.each(['bukan-base64!', encodeHashId({ nama: 'x' }), encodeHashId({ id: -1 })])(
    'a malformed link (%s) shows a message and the way back, never a blank screen',
    (hashId) => {
      renderAt(hashId);
      expect(screen.getByText('Data aplikasi tidak valid')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Kembali ke App Management' })).toHaveAttribute(
        'href',
        '/app-management',
      );
      expect(recordReads()).toEqual([]);
    },
  );

  it('an application that is gone says so (404)', async () => {
    fakeServer.use(appScenarios.detail(refused(404, 'Aplikasi tidak ditemukan')));
    renderAt(encodeHashId({ id: 99, name: 'Hilang' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Aplikasi tidak ditemukan');
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).not.toBeInTheDocument();
  });
});
