import os from 'node:os';

/**
 * Log output that never blocks the server.
 *
 * Lines go to the process's standard output or error through its stream, which on a pipe or socket writes
 * without blocking (the operating system takes what fits, the rest waits in memory until the reader takes it).
 * What waits is bounded: once `maxPendingBytes` are waiting — the reader is slow, stopped or throttled
 * (journald, a full container log pipe) — new lines are dropped and counted instead of piling up or
 * stalling requests. When lines can be written again, a warning line says how many were dropped. A reader
 * that goes away (EPIPE) ends the output quietly: later lines are counted as dropped, the shop carries on.
 *
 * Nothing here waits on the output, sleeps or writes synchronously to a pipe, so a stalled reader can
 * neither stop requests nor keep the process from exiting.
 */
const LOG_BUFFER_BYTES = 1024 * 1024;

/** How long `settle` keeps waiting for a reader that takes nothing. */
const SETTLE_STALL_MS = 500;

type Stream = NodeJS.WritableStream & { writableLength: number };

class LogOutput {
  /** Lines dropped because too much was waiting or the output was closed. */
  dropped = 0;
  /** Dropped since the last "lines dropped" warning was written. */
  private droppedUnreported = 0;
  /** Lines handed to the stream and not yet taken by the reader. */
  private pendingLines = 0;
  /** Why the output ended (`EPIPE`…), once it has. */
  closedBy: string | undefined;
  private onClosed: ((code: string) => void) | undefined;

  constructor(
    private readonly stream: Stream,
    readonly name: string,
    private readonly maxPendingBytes = LOG_BUFFER_BYTES,
  ) {
    // The stream reports a broken pipe as an error event (once per write still in flight): without a
    // listener the first one would end the process.
    stream.on('error', (err: NodeJS.ErrnoException) => this.close(err.code ?? 'error'));
  }

  /** Called once when the output ends (its reader went away). */
  whenClosed(fn: (code: string) => void) {
    this.onClosed = fn;
  }

  /** Lines written but not yet taken by the reader: lost if the process ends now. */
  get unwritten(): number {
    return this.closedBy ? 0 : this.pendingLines;
  }

  /** Writes whole lines (pino hands one line per call, ending in a newline). Never blocks, never throws. */
  write(chunk: string): boolean {
    const lines = countLines(chunk);
    if (this.closedBy) {
      this.dropped += lines;
      return false;
    }
    let text = chunk;
    if (this.droppedUnreported > 0) {
      text = droppedLine(this.droppedUnreported) + chunk;
    }
    if (this.stream.writableLength + Buffer.byteLength(text) > this.maxPendingBytes) {
      this.dropped += lines;
      this.droppedUnreported += lines;
      return false;
    }
    this.droppedUnreported = 0;
    const written = countLines(text);
    this.pendingLines += written;
    try {
      this.stream.write(text, () => {
        this.pendingLines -= written;
      });
    } catch (err) {
      // Files and terminals report errors at once.
      this.close((err as NodeJS.ErrnoException).code ?? 'error');
    }
    return true;
  }

  /** Writes one line of text. */
  line(text: string) {
    this.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /**
   * Resolves once everything written has been taken by the reader, the reader took nothing for half a
   * second (it has stopped), or at `deadline` (epoch ms) — whichever comes first. Used just before exiting.
   */
  settle(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      let last = this.stream.writableLength;
      let lastProgress = Date.now();
      const check = () => {
        const pending = this.closedBy ? 0 : this.stream.writableLength;
        const now = Date.now();
        if (pending < last) lastProgress = now;
        last = pending;
        if (pending === 0 || now - lastProgress >= SETTLE_STALL_MS || now >= deadline) return resolve();
        setTimeout(check, 50).unref();
      };
      check();
    });
  }

  private close(code: string) {
    if (this.closedBy) return;
    this.closedBy = code;
    this.dropped += this.pendingLines;
    this.pendingLines = 0;
    this.onClosed?.(code);
  }
}

function countLines(chunk: string): number {
  let n = 0;
  for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) n++;
  return Math.max(n, 1);
}

/** A warning in pino's line format, so log readers show it with the request logs around it. */
function droppedLine(count: number): string {
  return `${JSON.stringify({
    level: 40,
    time: Date.now(),
    pid: process.pid,
    hostname: os.hostname(),
    droppedLines: count,
    msg: `Log output could not keep up: ${count} line${count === 1 ? '' : 's'} dropped`,
  })}\n`;
}

let out: LogOutput | undefined;
let err: LogOutput | undefined;

/** The server's standard output (request logs, start-up lines). */
export function standardOutput(): LogOutput {
  if (!out) {
    out = new LogOutput(process.stdout, 'standard output');
    // Said once, on the other stream (which may still have a reader); nothing else changes for the shop.
    out.whenClosed((code) => standardError().line(`Standard output was closed (${code}); its log lines are dropped from now on`));
  }
  return out;
}

/** The server's standard error (warnings and errors of start-up and shutdown). */
export function standardError(): LogOutput {
  err ??= new LogOutput(process.stderr, 'standard error');
  return err;
}

/** One line per output that lost lines, for the shutdown message; empty when nothing was lost. */
export function lostLinesSummary(): string[] {
  return [out, err]
    .filter((o): o is LogOutput => o !== undefined && o.dropped + o.unwritten > 0)
    .map((o) => {
      const parts = [`${o.dropped} dropped`];
      if (o.unwritten) parts.push(`${o.unwritten} not yet taken by its reader`);
      return `Log lines lost on ${o.name}${o.closedBy ? ` (closed: ${o.closedBy})` : ''}: ${parts.join(', ')}`;
    });
}
