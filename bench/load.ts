// The load generator of the API benchmarks, run as a child process (harness.ts: `loadInChild`) so that
// making requests and reading answers does not compete with the server for its event loop and core:
// the timings are what a client receives, from sending the request to the last byte of the answer
// (its JSON is not parsed: that is the browser's time, not the server's).
//
// Each viewer has its own keep-alive connection and its own headers (e.g. its X-Forwarded-For) and
// asks back to back until the job's calls are answered. Every answer must be a 200 (or a 429, counted
// apart as refused) whose body, decompressed, starts with the job's prefix; an answer identical to
// the last one checked is not decompressed again (the public overview is the same bytes for seconds).
import net from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

export interface LoadJob {
  /** e.g. http://127.0.0.1:4321 */
  base: string;
  path: string;
  viewers: number;
  /** Answers timed (after the warm-up), across all viewers. */
  calls: number;
  /** Answers not timed first, every viewer asking at once as in the timed part (connections open, code warm). */
  warmup?: number;
  /** Headers of every request (e.g. a bearer token). */
  headers?: Record<string, string>;
  /** Each viewer's own headers, by its index (e.g. its address). */
  viewerHeaders?: Record<string, string>[];
  /** What every answer's body starts with. */
  okPrefix: string;
  /** ms each viewer waits before each timed call (0: back to back). */
  pauseMs?: number;
}

export interface LoadResult {
  /** ms per timed answer, in the order they ended. */
  times: number[];
  seconds: number;
  refused: number;
}

/** What a browser on plain HTTP sends (over HTTPS it adds br). */
const ACCEPT_ENCODING = 'gzip, deflate';

interface Answer {
  status: number;
  encoding: string;
  body: Buffer;
}

/**
 * One viewer's keep-alive HTTP/1.1 connection, asking the same GET again and again. A client of its
 * own rather than node:http's: that one costs several times the server's time per answer, and one core
 * of it could not keep 200 viewers asking back to back (the load generator, not the server, would be
 * measured). It reads what this server sends: a status line, headers, and a body of a given
 * Content-Length or chunked.
 */
class Connection {
  private socket: net.Socket | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly url: URL,
    private readonly request: Buffer,
  ) {}

  get(): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      if (!this.socket) this.open();
      this.socket!.write(this.request);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  private open() {
    const socket = net.connect({ host: this.url.hostname, port: Number(this.url.port) });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.parse();
    });
    const fail = (error: Error) => {
      this.socket = null;
      this.buffered = Buffer.alloc(0);
      const w = this.waiting;
      this.waiting = null;
      w?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
    this.socket = socket;
  }

  /** Takes one whole answer off the buffer once it is all there. */
  private parse() {
    const data = this.buffered;
    const headEnd = data.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = data.toString('latin1', 0, headEnd).toLowerCase();
    const status = Number(head.slice(9, 12));
    const header = (name: string) => new RegExp(`\r\n${name}:[ \t]*([^\r\n]*)`).exec(head)?.[1]?.trim();
    const encoding = header('content-encoding') ?? '';
    let body: Buffer;
    let end: number;
    if (header('transfer-encoding')?.includes('chunked')) {
      const parts: Buffer[] = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = data.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
        if (data.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          end = lineEnd + 4;
          break;
        }
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(header('content-length') ?? 0);
      if (data.length < headEnd + 4 + length) return;
      end = headEnd + 4 + length;
      body = data.subarray(headEnd + 4, end);
    }
    this.buffered = data.subarray(end);
    if (header('connection') === 'close') this.close();
    const w = this.waiting;
    this.waiting = null;
    w?.resolve({ status, encoding, body });
  }
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const url = new URL(job.path, job.base);
  const times: number[] = [];
  let refused = 0;
  let lastChecked: Buffer | null = null;
  const check = (status: number, encoding: string, body: Buffer) => {
    if (status === 429) return false;
    if (lastChecked?.equals(body)) return true;
    const text = (
      encoding === 'gzip' ? gunzipSync(body) : encoding === 'deflate' ? inflateSync(body) : body
    ).toString();
    if (status !== 200 || !text.startsWith(job.okPrefix)) {
      throw new Error(`${job.path}: ${status} ${text.slice(0, 200)}`);
    }
    lastChecked = body;
    return true;
  };
  const requestOf = (v: number) => {
    const headers = {
      host: url.host,
      'accept-encoding': ACCEPT_ENCODING,
      ...job.headers,
      ...job.viewerHeaders?.[v],
    };
    const lines = Object.entries(headers).map(([k, value]) => `${k}: ${value}\r\n`);
    return Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${lines.join('')}\r\n`, 'latin1');
  };
  const connections = Array.from({ length: job.viewers }, (_, v) => new Connection(url, requestOf(v)));
  const call = (v: number) =>
    connections[v]!.get().then((r) => {
      if (!check(r.status, r.encoding, r.body)) refused++;
    });
  try {
    // The warm-up as the timed part runs (every viewer at once): connections open, code compiled hot.
    let warmed = 0;
    await Promise.all(
      connections.map(async (_, v) => {
        while (warmed < (job.warmup ?? 0)) {
          warmed++;
          await call(v);
        }
      }),
    );
    refused = 0;
    let started = 0;
    const t0 = performance.now();
    await Promise.all(
      connections.map(async (_, v) => {
        while (started < job.calls) {
          started++;
          if (job.pauseMs) await new Promise((resolve) => setTimeout(resolve, job.pauseMs));
          const s = performance.now();
          await call(v);
          times.push(performance.now() - s);
        }
      }),
    );
    return { times, seconds: (performance.now() - t0) / 1000, refused };
  } finally {
    for (const connection of connections) connection.close();
  }
}

// As a child process: one job per message, its result (or its error) sent back.
if (process.send) {
  process.on('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
