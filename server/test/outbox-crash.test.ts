import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { enqueue } from '../features/outbox/outbox.js';
import { withDatabase } from './global-setup.js';
import { migratedDataDir, onPostgres } from './helpers.js';

/**
 * The outbox across a real crash: the server runs as its own process, claims a message and is killed with
 * SIGKILL while the mail server holds the message unanswered (between claim and "sent"); started again, once
 * the lease has run out it sends the message, exactly once.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let dataDir: string;
let dbEnv: Record<string, string> = {};
let dropDatabase = async () => {};
let openDatabase: () => Promise<Database>;

/** A real SMTP server that either holds each message unanswered (as a stalled provider would) or accepts it. */
async function startMailServer() {
  const state = { hold: true, held: [] as ParsedMail[], accepted: [] as ParsedMail[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const holding = state.hold;
      simpleParser(stream)
        .then((mail) => {
          if (holding) {
            state.held.push(mail); // never answered: the sender waits for the 250 that does not come
            return;
          }
          state.accepted.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  server.on('error', () => {
    // the killed server's connection ends abruptly
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort() {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

function startServer(port: number, smtpUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...dbEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Ratna Gems <orders@ratnagems.example>',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await migratedDataDir('shop-outbox-crash-');
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `shop_oc_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url, 1);
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    dbEnv = { DATABASE_URL: withDatabase(url, name) };
    openDatabase = () => openPostgres(withDatabase(url, name), 1);
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  } else {
    openDatabase = () => openPglite({ dataDir });
  }
});
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('outbox across a crash of the server process', () => {
  it('a server killed between claim and send: restarted, it sends the message once the lease has run out', async () => {
    const mail = await startMailServer();
    const port = await freePort();
    let running: ReturnType<typeof startServer> | undefined;
    try {
      // A message waiting in the outbox (written before the server starts).
      const id = await withDb(async (database) => {
        await enqueue(database.db, {
          channel: 'email',
          to: 'kiran@example.com',
          template: 'order_delivered',
          data: { orderNo: 'CRASH001' },
        });
        const [row] = await database.db.select({ id: outbox.id }).from(outbox);
        return row?.id as string;
      });

      // The server claims it and hands it to the mail server, which holds it: killed right there.
      running = startServer(port, mail.url);
      const first = running;
      await vi.waitFor(
        () => {
          if (first.child.exitCode !== null) throw new Error(`server exited: ${first.output()}`);
          expect(mail.state.held).toHaveLength(1);
        },
        { timeout: 90_000, interval: 100 },
      );
      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(mail.state.held[0]?.messageId).toBe(`<${id}@127.0.0.1>`);
      expect(mail.state.accepted).toHaveLength(0);

      // Left claimed and unsent; the 5-minute lease is made to have run out (as if that time had passed).
      await withDb(async (database) => {
        const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
        expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
        expect(row?.leaseToken).not.toBeNull();
        expect(row?.leaseUntil?.getTime() ?? 0).toBeGreaterThan(Date.now());
        await database.db
          .update(outbox)
          .set({
            leaseUntil: sql`now() - interval '1 second'`,
            nextAttemptAt: sql`now() - interval '1 second'`,
          })
          .where(eq(outbox.id, id));
      });

      // Started again with a mail server that answers: the message goes out once and is marked sent.
      mail.state.hold = false;
      running = startServer(port, mail.url);
      const second = running;
      await vi.waitFor(
        async () => {
          if (second.child.exitCode !== null) throw new Error(`server exited: ${second.output()}`);
          expect(mail.state.accepted).toHaveLength(1);
        },
        { timeout: 90_000, interval: 100 },
      );
      second.child.kill('SIGTERM');
      await exited(second.child);
      running = undefined;

      expect(mail.state.accepted.map((m) => [m.messageId, m.subject])).toEqual([
        [`<${id}@127.0.0.1>`, 'Your order CRASH001 was delivered'],
      ]);
      await withDb(async (database) => {
        const rows = await database.db.select().from(outbox);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ id, status: 'sent', attempts: 2, lastError: '', leaseToken: null });
      });
      expect(mail.state.held).toHaveLength(1);
    } finally {
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGKILL');
        await exited(running.child);
      }
      await mail.close();
    }
  }, 300_000);
});
