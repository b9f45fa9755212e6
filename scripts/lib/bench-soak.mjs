// The api's memory over a soak of the write mix (issue 35), for `pnpm bench`: 10 minutes (30 s with
// --quick). Four clients create, edit and delete roles (each write also records a Log Aktivitas
// event), one signs in at production scrypt cost; the api's resident memory is sampled every second.
// It must level off: the highest sample of the last quarter within 5 % (or 8 MB) of the highest of
// the second quarter (the first quarter is warm-up). Reported, and a budget row.
import { round, rssMB } from './bench-figures.mjs';

/**
 * `api`: the api base (…/api/v1/sso); `token`: an administrator's access token; `pid`: the api's
 * process; `login`: `{ nik, password }` of an account that signs in.
 */
export async function measureSoak(api, token, pid, login, { seconds }) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const end = Date.now() + seconds * 1000;
  const samples = [];
  const timer = setInterval(() => samples.push(rssMB(pid)), 1000);
  let writes = 0;
  let signIns = 0;
  let errors = 0;
  const writer = async (w) => {
    for (let n = 0; Date.now() < end; n += 1) {
      const created = await fetch(`${api}/api/v1/ap/role/create`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: `Soak ${process.pid}-${w}-${n}`,
          descriptions: null,
          color_id: 3,
          applications: [{ apps_id: 2, menus: [] }],
        }),
      });
      if (created.status !== 201) {
        errors += 1;
        continue;
      }
      const { id } = (await created.json()).data;
      const edited = await fetch(`${api}/api/v1/ap/role/update/${id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ descriptions: `putaran ${n}` }),
      });
      await edited.arrayBuffer();
      const removed = await fetch(`${api}/api/v1/ap/role/delete/${id}`, { method: 'DELETE', headers: auth });
      await removed.arrayBuffer();
      if (edited.ok && removed.ok) writes += 3;
      else errors += 1;
    }
  };
  const signer = async () => {
    while (Date.now() < end) {
      const answer = await fetch(`${api}/auth/login/nik`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(login),
      });
      await answer.arrayBuffer();
      if (answer.ok) signIns += 1;
      else errors += 1;
    }
  };
  const started = Date.now();
  await Promise.all([0, 1, 2, 3].map(writer).concat(signer()));
  clearInterval(timer);
  const elapsed = (Date.now() - started) / 1000;
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const secondQuarterPeak = Math.max(...samples.slice(quarter, 2 * quarter));
  const lastQuarterPeak = Math.max(...samples.slice(-quarter));
  const growthMB = lastQuarterPeak - secondQuarterPeak;
  // Ten points of the curve: the highest sample of each tenth of the soak.
  const tenth = Math.max(1, Math.ceil(samples.length / 10));
  const curve = Array.from({ length: Math.ceil(samples.length / tenth) }, (_, i) =>
    Math.round(Math.max(...samples.slice(i * tenth, (i + 1) * tenth))),
  );
  return {
    seconds: Math.round(elapsed),
    writesPerSecond: round(writes / elapsed),
    signInsPerSecond: round(signIns / elapsed, 2),
    errors,
    startMB: round(samples[0] ?? NaN),
    curve,
    growthMB: round(growthMB),
    levelsOff: growthMB <= Math.max(8, 0.05 * secondQuarterPeak),
  };
}

export const soakRows = (soak) => ({
  [`soak ${soak.seconds}s: writes/s, sign-ins/s, errors`]: `${soak.writesPerSecond}, ${soak.signInsPerSecond}, ${soak.errors}`,
  '  api memory by tenth of the soak (MB)': soak.curve.join(' '),
  '  growth, last quarter over second (MB)': soak.growthMB,
});

export const soakBudgets = (soak) => [
  ['api memory levels off over the write soak', soak.levelsOff, `+${soak.growthMB} MB`],
  ['no error during the write soak', soak.errors === 0, String(soak.errors)],
];
