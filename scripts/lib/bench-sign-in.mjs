// Sign-in figures of `pnpm bench` (issue 23): how many NIK + password sign-ins per second the api
// completes at production scrypt cost (N = 2^17) with `concurrency` clients, and how the time of a
// login for an unknown NIK compares with a wrong password (a ratio near 1: timing tells nothing).
// Figures only, never asserted: they move with the machine.
import { scrypt } from 'node:crypto';
import os from 'node:os';
import { percentile, round } from './bench-figures.mjs';

/**
 * Seeded users 100005…100240 (the employee directory's) share the demo password (api/README.md);
 * the bulk users after them have none.
 */
const seededNik = (i) => String(100_005 + (i % 236));

async function loginOnce(api, nik, password) {
  const started = performance.now();
  const response = await fetch(`${api}/auth/login/nik`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nik, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Sign-ins with the right password for `seconds`, `concurrency` at a time. */
export async function measureSignIns(api, { seconds, concurrency = 10 }) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const { status, ms } = await loginOnce(api, seededNik(next++), 'password123');
      if (status === 200) latencies.push(ms);
      else errors += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    concurrency,
    perSecond: round(latencies.length / ((Date.now() - started) / 1000)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    errors,
  };
}

/**
 * One login at a time, alternating an unknown NIK and a wrong password for a real one (distinct
 * NIKs, so no per-NIK limit is reached): the median of each and their ratio.
 */
export async function measureUnknownVsWrong(api, { rounds }) {
  const unknown = [];
  const wrong = [];
  // Warm-up: the first unknown NIK also makes the api's dummy hash.
  await loginOnce(api, '999999999', 'tebakan-salah');
  for (let i = 0; i < rounds; i += 1) {
    const a = await loginOnce(api, `9${String(i).padStart(8, '0')}`, 'tebakan-salah');
    const b = await loginOnce(api, seededNik(i), 'tebakan-salah');
    if (a.status === 422) unknown.push(a.ms);
    if (b.status === 422) wrong.push(b.ms);
  }
  const unknownMs = round(percentile(unknown, 50));
  const wrongMs = round(percentile(wrong, 50));
  return { rounds, unknownMs, wrongMs, ratio: round(unknownMs / wrongMs, 2) };
}

/**
 * The machine's own scrypt rate at the api's cost, one hash per core at a time, in this process:
 * the ceiling of sign-ins per second here and now (a shared machine's load moves both).
 */
export async function measureRawScrypt({ seconds }) {
  const cost = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
  const once = () =>
    new Promise((resolve, reject) =>
      scrypt('x', 'bench-salt-16byt', 32, cost, (e) => (e ? reject(e) : resolve())),
    );
  let done = 0;
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  const worker = async () => {
    while (Date.now() < end) {
      await once();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  return round(done / ((Date.now() - started) / 1000));
}
