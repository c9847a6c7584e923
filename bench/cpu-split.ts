// Where a scenario's CPU went on this machine: the API processes, the PostgreSQL server's
// processes, this bench (the load generator) and what stayed idle. On a machine whose cores the
// load generator and the database share with the API, a second API process can only go faster on
// the idle share: the figure tells "the code does not scale" from "the machine has nothing left".
import { allProcStats, machineCpuMs, procStat } from './proc';

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
    const all = allProcStats();
    const cpuOf = (pids: readonly number[]) => all.filter((p) => pids.includes(p.pid)).reduce((sum, p) => sum + p.cpuMs, 0);
    return {
      api: cpuOf(withDescendants(apiPids, all)),
      postgres: cpuOf(all.filter((p) => p.comm.startsWith('postgres')).map((p) => p.pid)),
      bench: procStat('self')?.cpuMs ?? 0,
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
