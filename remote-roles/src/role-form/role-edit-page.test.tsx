import { TextDecoder, TextEncoder } from 'node:util';
import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Application, Color, Menu } from '@sso/shared/contract';
import { encodeHashId } from '@sso/shared/federation';
import { renderRoute } from '@sso/shared/testing';
import { useApplications } from '../reference-data/get-applications';
import { useColors } from '../reference-data/get-colors';
import { useMenus } from '../reference-data/get-menus';
import {
  createApplication,
  createColor,
  createMenuTree,
  createRole,
  settled,
  signInAsOwnerOf,
} from '../test-support/factories';
import RoleEditPage from './role-edit-page';

jest.mock('../reference-data/get-colors');
jest.mock('../reference-data/get-applications');
jest.mock('../reference-data/get-menus');
jest.mock('./api/update-role', () => ({ useUpdateRole: () => ({ mutateAsync: jest.fn() }) }));

// jsdom lacks the encoders every browser has; the codec needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

beforeEach(() => {
  signInAsOwnerOf();
  jest
    .mocked(useColors)
    .mockReturnValue(
      settled([createColor({ id: 3, hex_code: '#3949ab' })]) as unknown as UseQueryResult<Color[]>,
    );
  jest
    .mocked(useApplications)
    .mockReturnValue(settled([createApplication()]) as unknown as UseQueryResult<Application[]>);
  jest.mocked(useMenus).mockReturnValue(settled(createMenuTree()) as unknown as UseQueryResult<Menu[]>);
});

const renderAt = (hashId: string) =>
  renderRoute(<RoleEditPage />, { path: '/edit-role/:hashId', url: `/edit-role/${hashId}` });

describe('RoleEditPage', () => {
  it('fills the form from the role in the route', () => {
    renderAt(encodeHashId(createRole()));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Role')).toHaveValue('Auditor');
    expect(screen.getByRole('radio', { name: 'Warna #3949ab' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('checkbox', { name: 'User Management' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    expect(screen.getByRole('combobox', { name: 'Level akses User Management' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Level akses Daftar User' })).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeEnabled();
  });

  it.each([
    ['garbage', 'bukan-role-%25'],
    ['valid base64 of another shape', 'eyJhIjoxfQ'],
  ])('a malformed hashId (%s) shows a clear message and the way back', (_label, hashId) => {
    renderAt(hashId);
    expect(screen.getByRole('alert')).toHaveTextContent('Data role tidak valid');
    expect(screen.getByRole('link', { name: 'Kembali ke Role Management' })).toHaveAttribute(
      'href',
      '/role-management',
    );
    expect(screen.queryByLabelText('Nama Role')).not.toBeInTheDocument();
  });
});
