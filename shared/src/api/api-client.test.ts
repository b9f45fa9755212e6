import { z } from 'zod';
import { ACCESS_LEVEL } from '@sso/shared/access';
import { clearSession, readSession, readSessionEndNotice } from '@sso/shared/session';
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

  /** Answers the next request with `status` and a JSON body (axios' XHR adapter reads these). */
  const answer = (status: number, body: unknown) =>
    send.mockImplementation(function (this: XMLHttpRequest) {
      const text = JSON.stringify(body);
      Object.defineProperties(this, {
        readyState: { value: 4 },
        status: { value: status },
        statusText: { value: 'Unauthorized' },
        responseText: { value: text },
        response: { value: text },
      });
      jest.spyOn(this, 'getAllResponseHeaders').mockReturnValue('content-type: application/json\r\n');
      this.onloadend?.(new ProgressEvent('loadend'));
    });

  it('a 401 with a reason ends the session and keeps its sentence for the login screen', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    answer(401, { message: 'Sesi Anda telah diakhiri oleh administrator.', reason: 'ended_by_admin' });
    await expect(api.get('/api/me', z.object({}))).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
    expect(readSessionEndNotice()).toBe('Sesi Anda telah diakhiri oleh administrator.');
    // Signing in again clears it.
    signInAs(ACCESS_LEVEL.viewer);
    expect(readSessionEndNotice()).toBeNull();
  });

  it('a 401 without a reason (expired, never valid) ends the session and says nothing more', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    answer(401, { message: 'Sesi tidak valid atau telah berakhir' });
    await expect(api.get('/api/me', z.object({}))).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
    expect(readSessionEndNotice()).toBeNull();
  });
});
