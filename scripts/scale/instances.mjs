// Several api instances behind one nginx (`./panel start --scale N`, ADR 0028): each instance on
// its own port (4001, 4002, …), nginx on 4000 with the instances as one upstream group (round
// robin), and a supervisor that polls every instance's `/ready` and takes the ones answering
// anything but 200 out of the group (`server … down`, then a reload). open-source nginx has no
// active health check. Between two polls, a refused or broken idempotent request goes to the next
// instance (`proxy_next_upstream`, ADR 0023). nginx's passive check is turned off (`max_fails=0`):
// with its default (one failure disables a server for 10 s), one refusal by each of two instances
// (a drain, then the next instance's drain) disables the whole group, and every request is a 502
// "no live upstreams" until the time runs out (measured: 3,706 of them in one rolling restart).
import { spawn } from 'node:child_process';

export const POLL_MS = 2000;

/** nginx's passive health check for the api group: off (see above). */
export const PASSIVE_CHECK = { fails: 0, timeout: '10s' };

/** `http://127.0.0.1:<port>` of instance `index` (0-based) when nginx holds `apiPort`. */
export const instanceUrl = (apiPort, index) => `http://127.0.0.1:${apiPort + 1 + index}`;

/**
 * Starts one built api (`api/dist/main.js`) on `port` with `env`; `exited` resolves with its code.
 * @param {{ apiDir: string, port: number, env: Record<string, string>, name: string }} options
 */
export function startInstance({ apiDir, port, env, name }) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  // Every line of an instance's log is prefixed with its name, so two logs read apart.
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { name, port, url: `http://127.0.0.1:${port}`, child, exited };
}

/** Whether `url`'s /ready answers 200 within `timeoutMs`. */
export async function isReady(url, timeoutMs = 800) {
  try {
    const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Waits until every url's /ready is 200; throws after `timeoutMs` naming the ones that are not. */
export async function waitReady(urls, timeoutMs = 120_000, alive = () => true) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(urls.map((url) => isReady(url)));
    if (states.every(Boolean)) return;
    if (!alive()) throw new Error('an api instance exited before it was ready');
    if (Date.now() > deadline) {
      throw new Error(
        `not ready after ${timeoutMs / 1000} s: ${urls.filter((_, i) => !states[i]).join(', ')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Polls `/ready` of every instance each `pollMs`; when the set of ready ones changes, calls
 * `apply(down)` with the urls to take out (never all of them: with none ready, every instance stays in
 * the group and answers its own 503 with Retry-After, better than nginx's bare 502). Logs one line per
 * change. `stop()` ends the polling.
 * @param {{ urls: string[], apply: (down: string[]) => Promise<void>, pollMs?: number, log?: (line: string) => void }} options
 */
export function superviseReadiness({ urls, apply, pollMs = POLL_MS, log = console.log }) {
  let current = '';
  let stopped = false;
  let timer;
  const tick = async () => {
    const states = await Promise.all(urls.map((url) => isReady(url)));
    const notReady = urls.filter((_, i) => !states[i]);
    const down = notReady.length === urls.length ? [] : notReady;
    const key = down.join(',');
    if (key !== current && !stopped) {
      try {
        await apply(down);
        log(
          down.length === 0
            ? `[scale] every instance ready: all ${urls.length} in the upstream group`
            : `[scale] taken out of the upstream group (/ready not 200): ${down.join(', ')}`,
        );
        current = key;
      } catch (error) {
        log(`[scale] could not update nginx: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), pollMs);
  };
  timer = setTimeout(() => void tick(), 0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
