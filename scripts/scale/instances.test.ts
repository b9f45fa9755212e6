/**
 * The readiness supervisor of `./panel start --scale` (ADR 0028): an instance whose /ready is not
 * 200 (or that does not answer) is taken out of nginx's group, put back when it answers 200 again,
 * and never every instance at once (each then answers its own 503).
 */
import http from 'node:http';
import type net from 'node:net';
import { superviseReadiness } from './instances.mjs';

async function instance(): Promise<{ url: string; ready: { value: boolean }; close: () => Promise<void> }> {
  const ready = { value: true };
  const server = http.createServer((request, response) => {
    response.writeHead(request.url === '/ready' && ready.value ? 200 : 503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ready,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('takes a not-ready instance out, puts it back, and never takes every instance out', async () => {
  const a = await instance();
  const b = await instance();
  const applied: string[][] = [];
  const lines: string[] = [];
  const supervisor = superviseReadiness({
    urls: [a.url, b.url],
    pollMs: 20,
    apply: async (down) => {
      applied.push(down);
    },
    log: (line) => lines.push(line),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
  try {
    await settle();
    // All ready from the start: nothing to change.
    expect(applied).toEqual([]);
    b.ready.value = false;
    await settle();
    expect(applied).toEqual([[b.url]]);
    a.ready.value = false;
    await settle();
    // None ready: every instance stays in the group.
    expect(applied).toEqual([[b.url], []]);
    a.ready.value = true;
    await settle();
    expect(applied).toEqual([[b.url], [], [b.url]]);
    // An instance that no longer answers at all is out too.
    b.ready.value = true;
    await settle();
    await b.close();
    await settle();
    expect(applied).toEqual([[b.url], [], [b.url], [], [b.url]]);
    // One line per change, not per poll.
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(`[scale] taken out of the upstream group (/ready not 200): ${b.url}`);
  } finally {
    supervisor.stop();
    await a.close();
  }
});
