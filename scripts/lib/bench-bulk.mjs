// Users in bulk at scale (issue 33), for `pnpm bench` (not --quick): a 10,000-row file checked and
// imported through the api's routes, the api's memory sampled meanwhile, then the export of every
// user. Reported, never asserted (DESIGN "Performance").
import { round, rssMB } from './bench-figures.mjs';

/** Runs `action` while sampling the api's memory every 20 ms: its duration and the highest sample. */
async function sampled(pid, action) {
  let peak = rssMB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMB(pid));
  }, 20);
  const started = performance.now();
  try {
    const result = await action();
    return { result, seconds: round((performance.now() - started) / 1000, 2), peakMB: round(peak) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `api`: the api base (…/api/v1/sso); `token`: an administrator's access token; `pid`: the api's
 * process. 10,000 new users on one AP and one of its units, role Viewer.
 */
export async function measureBulkImport(api, token, pid, rows = 10_000) {
  const auth = { authorization: `Bearer ${token}` };
  const companies = await (await fetch(`${api}/company/companies-with-branches`, { headers: auth })).json();
  const company = companies.data.data[0];
  const unit = company.cabangs[0]?.kode ?? '';
  const header = 'NIK,Nama,Nomor HP,Email,Role,AP,Kode Unit,Unit,Status,Terakhir Masuk';
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `BENCH${String(i).padStart(6, '0')},Karyawan Bench ${i},0858${String(i).padStart(8, '0')},bench${i}@contoh.co.id,Viewer,"${company.nama}",${unit},,,`,
  );
  const file = Buffer.from(`\uFEFF${header}\r\n${lines.join('\r\n')}\r\n`);
  const idleMB = round(rssMB(pid));

  const check = await sampled(pid, async () => {
    const response = await fetch(`${api}/api/v1/ap/users/import/check`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: file,
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`import check: ${response.status} ${body.message}`);
    return body.data;
  });
  const commit = await sampled(pid, async () => {
    const response = await fetch(`${api}/api/v1/ap/users/import/commit`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ token: check.result.token }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`import commit: ${response.status} ${body.message}`);
    return body.data;
  });
  const exported = await sampled(pid, async () => {
    const response = await fetch(`${api}/api/v1/ap/users/export`, { headers: auth });
    if (!response.ok) throw new Error(`export: ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    return bytes;
  });
  return {
    rows,
    fileKB: round(file.length / 1024),
    checkSeconds: check.seconds,
    checkErrors: check.result.counts.error,
    importSeconds: commit.seconds,
    created: commit.result.created,
    exportSeconds: exported.seconds,
    exportKB: round(exported.result / 1024),
    apiIdleMB: idleMB,
    apiPeakDuringCheckMB: check.peakMB,
    apiPeakDuringImportMB: commit.peakMB,
    apiPeakDuringExportMB: exported.peakMB,
  };
}

/** The printed lines. */
export const bulkRows = (bulk) =>
  bulk
    ? {
        [`import check, ${bulk.rows.toLocaleString('en')} rows (${bulk.fileKB} KB) (s)`]: `${bulk.checkSeconds} (${bulk.checkErrors} errors)`,
        [`import commit, ${bulk.created.toLocaleString('en')} users (s)`]: bulk.importSeconds,
        [`export of every user (s, KB)`]: `${bulk.exportSeconds}, ${bulk.exportKB}`,
        'api memory idle / check / import / export (MB)': `${bulk.apiIdleMB} / ${bulk.apiPeakDuringCheckMB} / ${bulk.apiPeakDuringImportMB} / ${bulk.apiPeakDuringExportMB}`,
      }
    : {};

/** Targets of issue 33: reported as met or not, never failing the run. */
export const bulkBudgets = (bulk) =>
  bulk
    ? [
        ['import check of 10,000 rows ≤ 3 s', bulk.checkSeconds <= 3, `${bulk.checkSeconds} s`],
        ['import of 10,000 users ≤ 10 s', bulk.importSeconds <= 10, `${bulk.importSeconds} s`],
      ]
    : [];
