// What Linux's /proc says of a process, for the benchmarks: its parent and group, its command's
// name, the CPU it has used and its resident memory. Read from /proc/PID/stat, whose command name
// (field 2) may hold spaces and parentheses: the other fields are read after its last ')'.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock tick (USER_HZ, 100 on every architecture node runs on): /proc's CPU unit. */
const TICK_MS = 10;
/** Linux's page size on x86-64 and arm64 (the unit of the stat's rss field). */
const PAGE_BYTES = 4096;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** Its process group. */
  pgrp: number;
  /** The command's name (`postgres`, `node`…). */
  comm: string;
  /** User + system CPU so far, ms. */
  cpuMs: number;
  rssBytes: number;
}

/** The process `pid` (or this one), or null once it is gone. */
export function procStat(pid: number | 'self'): ProcStat | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // exited
  }
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  // From the state (field 3) on: ppid 4, pgrp 5, utime 14, stime 15, rss 24.
  return {
    pid: Number(stat.slice(0, stat.indexOf(' '))),
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    comm: stat.slice(stat.indexOf('(') + 1, close),
    cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    rssBytes: Number(fields[21]) * PAGE_BYTES,
  };
}

/** Every live process. */
export function allProcStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => procStat(Number(entry)))
    .filter((p): p is ProcStat => p !== null);
}

/** The machine's idle and total CPU so far, in ms summed over its cores (/proc/stat's first line). */
export function machineCpuMs(): { idle: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are the idle time.
  return { idle: (ticks[3]! + ticks[4]!) * TICK_MS, total: ticks.slice(0, 8).reduce((a, b) => a + b, 0) * TICK_MS };
}
