// Where a scenario's CPU went on this machine: the API processes, the PostgreSQL server's
// processes, this bench (the load generator) and what stayed idle. On a machine whose cores the
// load generator and the database share with the API, a second API process can only go faster on
// the idle share: the figure tells "the code does not scale" from "the machine has nothing left".
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock tick (USER_HZ, 100 on every architecture node runs on): /proc's CPU unit. */
const TICK_MS = 10;

/** User + system CPU of one process, in ms; 0 once it is gone. */
function processCpuMs(pid: number | string): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // exited between the listing and the read
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Every live process: its parent and its command's name. */
function processes(): { pid: number; ppid: number; comm: string }[] {
  const found: { pid: number; ppid: number; comm: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid …: the name may hold spaces and parentheses.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    found.push({ pid: Number(entry), ppid, comm });
  }
  return found;
}

/** `roots` and every process below them (`npm start` runs the server as a child with another heap cap). */
function withDescendants(roots: readonly number[], all: readonly { pid: number; ppid: number }[]): number[] {
  const tree = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** The machine's idle and total CPU so far, in ms summed over its cores (/proc/stat's first line). */
function machineCpuMs(): { idle: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are the idle time.
  return { idle: (ticks[3]! + ticks[4]!) * TICK_MS, total: ticks.slice(0, 8).reduce((a, b) => a + b, 0) * TICK_MS };
}

export interface CpuSplit {
  /** Cores' worth of CPU each took over the scenario (1 = one core busy the whole time). */
  api: number;
  postgres: number;
  bench: number;
  /** Cores left idle. */
  idle: number;
  /** What else ran meanwhile (the kernel's workers, any other process): a run with much here was not alone. */
  other: number;
  /** The machine's cores, as /proc/stat counted them over the scenario. */
  cores: number;
  /** The scenario's wall time. */
  seconds: number;
}

/**
 * Runs `scenario` and reads, around it, the CPU of `apiPids` and the processes below them, of
 * PostgreSQL's processes (a backend that ended meanwhile is missed: the pools keep theirs) and of
 * this process. Cores' worth, rounded to hundredths.
 */
export async function withCpuSplit<T>(apiPids: readonly number[], scenario: () => Promise<T>): Promise<{ result: T; cpu: CpuSplit }> {
  const read = () => {
    const all = processes();
    const postgres = all.filter((p) => p.comm.startsWith('postgres')).map((p) => p.pid);
    return {
      api: withDescendants(apiPids, all).reduce((sum, pid) => sum + processCpuMs(pid), 0),
      postgres: postgres.reduce((sum, pid) => sum + processCpuMs(pid), 0),
      bench: processCpuMs('self'),
      machine: machineCpuMs(),
      at: performance.now(),
    };
  };
  const before = read();
  const result = await scenario();
  const after = read();
  const wallMs = after.at - before.at;
  const cores = (ms: number) => Math.round((ms / wallMs) * 100) / 100;
  const spent = {
    api: after.api - before.api,
    postgres: after.postgres - before.postgres,
    bench: after.bench - before.bench,
    idle: after.machine.idle - before.machine.idle,
  };
  const total = after.machine.total - before.machine.total;
  const other = Math.max(0, total - spent.api - spent.postgres - spent.bench - spent.idle);
  return {
    result,
    cpu: { api: cores(spent.api), postgres: cores(spent.postgres), bench: cores(spent.bench), idle: cores(spent.idle), other: cores(other), cores: cores(total), seconds: wallMs / 1000 },
  };
}
