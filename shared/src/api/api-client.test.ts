import { z } from 'zod';
import { ACCESS_LEVEL } from '@sso/shared/access';
import { clearSession } from '@sso/shared/session';
import { signInAs } from '@sso/shared/testing';
import { api, configureApi } from './api-client';

describe('api client', () => {
  let send: jest.SpyInstance;
  let header: jest.SpyInstance;

  beforeEach(() => {
    configureApi('http://api.test/');
    // Nothing leaves the test: the request is watched, not answered.
    send = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    header = jest.spyOn(XMLHttpRequest.prototype, 'setRequestHeader');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    clearSession();
  });

  it('sends the request within the call (before the caller does anything else), with the bearer', () => {
    signInAs(ACCESS_LEVEL.viewer);
    void api.get('/api/v1/ap/users/list', z.object({}), { params: { page: 1 } });
    // No promise turn in between: a list request leaves before the router's navigation runs.
    expect(send).toHaveBeenCalledTimes(1);
    expect(header).toHaveBeenCalledWith('Authorization', 'Bearer test-access-token');
  });

  it('sends no bearer without a session', () => {
    void api.get('/health', z.object({}));
    expect(send).toHaveBeenCalledTimes(1);
    expect(header).not.toHaveBeenCalledWith('Authorization', expect.anything());
  });
});
