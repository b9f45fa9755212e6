import { auditPaths, type AuditEvent } from '@sso/shared/contract';
import { apiUrl, csvAnswer, failure, http, listAnswer } from '@sso/shared/testing/fake-server';

/** Named answers of the audit api for the fake server (`fakeServer.use(auditScenarios.list([...]))`). */
export const auditScenarios = {
  /** GET audit/list answers these events (whatever the query), `total` matching. */
  list: (events: readonly AuditEvent[], total = events.length) =>
    http.get(apiUrl(auditPaths.list), () => listAnswer(events, total)),
  /** GET audit/list fails with the api's message. */
  listFails: (status: number, message: string) =>
    http.get(apiUrl(auditPaths.list), () => failure(status, message)),
  /** GET audit/export answers a CSV. */
  export: (csv = 'Waktu,Pelaku\r\n') => http.get(apiUrl(auditPaths.export), () => csvAnswer(csv)),
};
