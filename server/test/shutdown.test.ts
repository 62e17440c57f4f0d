import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { users } from '../db/schema.js';
import { withDatabase } from './global-setup.js';
import { freePort, migratedDataDir, onPostgres } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;

let dataDir: string;
let dbEnv: Record<string, string> = {};
let dropDatabase = async () => {};
let openDatabase: () => Promise<Database>;

beforeAll(async () => {
  dataDir = await migratedDataDir('shop-shutdown-');
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `shop_s_${crypto.randomBytes(6).toString('hex')}`;
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

function startServer(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...dbEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_MOBILE: '9800000017',
      ADMIN_PASSWORD: 'shutdown-admin-password',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
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
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 90_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited: ${output}`));
      try {
        if ((await fetch(`${BASE}/healthz`)).ok) return resolve({ child, output: () => output });
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        return reject(new Error(`server did not start: ${output}`));
      }
      setTimeout(poll, 250);
    };
    void poll();
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('graceful shutdown', () => {
  it('on SIGTERM stops taking connections, finishes the request in flight, closes the database and exits 0', async () => {
    const { child, output } = await startServer();
    try {
      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ mobileno: '9811111111', password: 'not the password' });
      const socket = net.connect(PORT, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      let answer = '';
      socket.on('data', (d) => {
        answer += d;
      });
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // With `Expect: 100-continue` the server says when it has the request in hand (it answers 100 Continue).
      socket.write(
        `POST /u1/api/signin HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      await expect.poll(() => answer, { timeout: 30_000 }).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/);

      child.kill('SIGTERM');
      // Once it no longer takes connections, it is still there, finishing the request in flight.
      const listening = () =>
        fetch(`${BASE}/healthz`).then(
          () => true,
          () => false,
        );
      await expect.poll(listening, { timeout: 30_000 }).toBe(false);
      expect(child.exitCode, output()).toBeNull(); // still finishing the request in flight
      await expect(fetch(`${BASE}/healthz`)).rejects.toThrow(); // but no longer listening

      socket.write(body.slice(10));
      await ended;
      answer = answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"message":"Invalid mobile number or password"');

      expect(await exited(child), output()).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }

    // Closed cleanly: the database opens again (an embedded one is unlocked) and holds the first administrator.
    const database = await openDatabase();
    try {
      const rows = await database.db.select({ mobileno: users.mobileno }).from(users);
      expect(rows.map((r) => r.mobileno)).toContain('9800000017');
    } finally {
      await database.close();
    }
    if (!onPostgres) {
      const again = await startServer();
      again.child.kill('SIGINT');
      expect(await exited(again.child), again.output()).toBe(0);
    }
  }, 240_000);
});
