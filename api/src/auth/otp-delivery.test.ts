import http from 'node:http';
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../db/database';
import { sqliteStore } from '../db/store';
import { createNoDelivery, createOutboxDelivery, createWebhookDelivery, otpText } from './otp-delivery';

/** A logger that keeps every line it is given (message and fields) as text. */
function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const write = (...args: unknown[]) => lines.push(JSON.stringify(args));
  const log = { info: write, warn: write, error: write, debug: write } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const message = { to: '081234567890', code: '667627', purpose: 'reset' as const, at: 1 };

describe('OTP delivery (issue 36, finding 2)', () => {
  it('the development outbox is refused in production', async () => {
    const db = openDatabase(':memory:');
    try {
      expect(() => createOutboxDelivery(sqliteStore(db), recordingLog().log, true)).toThrow(
        /never used with NODE_ENV=production/,
      );
      const { log, lines } = recordingLog();
      await createOutboxDelivery(sqliteStore(db), log, false).deliver(message);
      expect(lines.join('\n')).toContain('667627');
      expect(db.prepare('SELECT code FROM outbox').all()).toEqual([{ code: '667627' }]);
    } finally {
      db.close();
    }
  });

  it('without a gateway, production says a code was not sent, without the code or the phone', async () => {
    const { log, lines } = recordingLog();
    await createNoDelivery(log).deliver(message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('0812xxxxx890');
    expect(lines[0]).not.toContain('667627');
    expect(lines[0]).not.toContain('081234567890');
  });

  it('the webhook posts the text to the gateway; a refusal is logged without the code', async () => {
    const received: Array<{ auth: string | undefined; body: string }> = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ auth: request.headers.authorization, body });
        response.writeHead(received.length === 1 ? 202 : 500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/sms`;
    const { log, lines } = recordingLog();
    const delivery = createWebhookDelivery({ url, token: 'gw-token' }, log);
    try {
      await delivery.deliver(message);
      await delivery.deliver(message);
      for (let i = 0; i < 100 && lines.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
      expect(received[0]).toEqual({
        auth: 'Bearer gw-token',
        body: JSON.stringify({ to: '081234567890', purpose: 'reset', text: otpText(message) }),
      });
      expect(otpText(message)).toContain('667627');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('500');
      expect(lines[0]).not.toContain('667627');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
