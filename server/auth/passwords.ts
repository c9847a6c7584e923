// Password hashing with scrypt (node:crypto). Each hash names its own parameters
// (`scrypt$N$r$p$salt$key`), so the cost can be raised: a login with a hash made under other
// parameters rehashes the password with the current ones (`needsRehash`).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ApiError } from '../http/errors';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet (2023+) lists N = 2^17, r = 8, p = 1 (128 MiB a hash) and, as
 * equivalent in the defence they give, N = 2^16/p = 2, N = 2^15/p = 3 and others that trade memory
 * for CPU time. This server uses N = 2^15, r = 8, p = 3: 32 MiB a hash, so two at once
 * (MAX_CONCURRENT_HASHES) keep a burst of logins within 100 MB; at 2^17 a single hash took 128 MiB
 * and two took the process from 253 to 511 MB. Measured on the 2-core reference machine: two at
 * once about 0.65 s (2^17: 1.5 s). Hashes made at 2^17 still verify (128 MiB each, until their
 * owner's next login rehashes them: needsRehash).
 */
export const PRODUCTION_SCRYPT: Readonly<ScryptParams> = { N: 2 ** 15, r: 8, p: 3 };
/**
 * For the test suite only (PASSWORD_HASH_COST=fast in server/config.ts, refused with
 * NODE_ENV=production): the suite seeds and logs in hundreds of times, and 0.5 s each would make it
 * crawl. Every caller passes the configuration's parameters (`config.passwordHashing`).
 */
export const FAST_SCRYPT: Readonly<ScryptParams> = { N: 2 ** 10, r: 8, p: 1 };

const KEYLEN = 64;
const SALT_BYTES = 16;
/** Hashes whose parameters would need more memory than this are refused, not computed (hostile rows). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/**
 * OpenSSL needs 128·r·(N + p + 2) bytes (the V array plus the B blocks); Node's default `maxmem` is
 * 32 MiB, a few KiB too little for N = 2^15 (and far too little for a stored N = 2^17 hash), so the
 * limit is set to what the parameters need.
 */
export const scryptMaxmem = ({ N, r, p }: ScryptParams) => 128 * r * (N + p + 2);

/**
 * Hashes (made or verified) computed at once in this process, whoever asks: login, signup, password
 * reset, a kiosk's password, a rehash, the seed. Each takes 32 MiB and a libuv thread; unbounded, a
 * burst of logins would take all 4 threads (file reads and uploads wait behind them) and the memory
 * of each. Two (this machine's cores) keep both bounded; the others queue.
 */
export const MAX_CONCURRENT_HASHES = 2;
/**
 * Hashes that may wait for a slot (about 3 s of work at the production cost). Past it the caller is
 * refused at once (HashingBusyError: 503 with Retry-After): a flood of logins from many addresses
 * must not queue every real customer's login behind it for many seconds, nor pile requests up in
 * memory. A login answered 17.6 s late with the queue at 32.
 */
export const MAX_WAITING_HASHES = 8;
/** Seconds a refused caller is asked to wait: about what a full queue takes to drain. */
export const HASHING_BUSY_RETRY_AFTER_S = 3;

/** The queue of hashes is full: answered 503 "busy" with `Retry-After` (server/app.ts). */
export class HashingBusyError extends ApiError {
  readonly retryAfterS = HASHING_BUSY_RETRY_AFTER_S;
  constructor() {
    super(503, 'api.busy');
  }
}

// A semaphore with a bounded queue, by hand: p-limit and p-queue (both in node_modules) queue
// without a bound and refuse nothing; checking their pendingCount before each call would be these
// same lines around a dependency.
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, params: ScryptParams) => {
  const options: ScryptOptions = { ...params, maxmem: scryptMaxmem(params) };
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
};

/** Hashes running now (tests). */
export const hashesRunning = () => running;

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const POSITIVE_INT = /^[1-9]\d{0,7}$/;

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, rr, pp, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  if (![n, rr, pp].every((v) => POSITIVE_INT.test(v ?? ''))) return null;
  const params = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (params.N > MAX_N || params.r > MAX_R || params.p > MAX_P) return null;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEYLEN, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with other parameters (or key length) than new hashes get. */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p || parsed.key.length !== KEYLEN;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash to compare against when the user does not exist, made with the current parameters so a
 * missing account takes as long as a wrong password (and goes through the same slots). Made on
 * first use (not at import: with the production cost that would add half a second to every process
 * start); one refused (a full queue) is not kept, or every later unknown-user login would be refused.
 */
export function dummyHash(params: ScryptParams): Promise<string> {
  const key = `${params.N}$${params.r}$${params.p}`;
  const kept = dummyHashes.get(key);
  if (kept) return kept;
  const made = hashPassword(randomBytes(12).toString('hex'), params);
  dummyHashes.set(key, made);
  made.catch(() => {
    if (dummyHashes.get(key) === made) dummyHashes.delete(key);
  });
  return made;
}

/**
 * A new hash of a password just verified under older parameters, or null when the hashing queue
 * is full: the rehash waits for the next login rather than turning a right password into a 503.
 */
export async function rehashPassword(password: string, params: ScryptParams): Promise<string | null> {
  try {
    return await hashPassword(password, params);
  } catch (err) {
    if (err instanceof HashingBusyError) return null;
    throw err;
  }
}
