import { paths, type User } from '@sso/shared/contract';
import { apiUrl, failure, http, listAnswer } from '@sso/shared/testing/fake-server';

/** Named answers of the users api for the fake server (`startFakeServer(userScenarios.list([...]))`). */
export const userScenarios = {
  /** GET users/list answers these users (every page, whatever the query). */
  list: (users: readonly User[], total = users.length) =>
    http.get(apiUrl(paths.users.list), () => listAnswer(users, total)),
  /** GET users/list fails with the api's message. */
  listFails: (status = 500, message = 'Server sedang bermasalah') =>
    http.get(apiUrl(paths.users.list), () => failure(status, message)),
};
