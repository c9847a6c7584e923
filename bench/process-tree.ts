// Runs a command and measures its wall time and the peak memory of its whole process tree.
// `/usr/bin/time -f %M` reports the largest single process (getrusage's ru_maxrss of the waited
// children is a maximum, not a sum), and Astro's build is several processes (node, esbuild's
// service): so the command starts as the leader of its own process group and /proc is polled,
// summing the resident set of every process in that group at each tick and keeping the largest
// sum. Pages shared between those processes count once per process (an over-estimate by the
// shared libraries, alike for every build measured), and a peak shorter than the poll interval
// can be missed.
import { spawn } from 'node:child_process';
import { allProcStats } from './proc';

/** How often /proc is read while the command runs. */
const POLL_MS = 20;

export interface TreeRun {
  status: number | null;
  seconds: number;
  /** Largest sum of the group's resident sets seen, in bytes. */
  peakRssBytes: number;
  stdout: string;
  stderr: string;
}

/** Resident bytes of every process whose process group is `pgid`. */
function groupRss(pgid: number): number {
  return allProcStats()
    .filter((p) => p.pgrp === pgid)
    .reduce((sum, p) => sum + p.rssBytes, 0);
}

export function runMeasured(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<TreeRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let peak = 0;
    const poll = setInterval(() => {
      if (child.pid) peak = Math.max(peak, groupRss(child.pid));
    }, POLL_MS);
    const timeout = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearInterval(poll);
      clearTimeout(timeout);
      reject(error);
    });
    child.once('close', (status) => {
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(poll);
      clearTimeout(timeout);
      resolve({ status, seconds, peakRssBytes: peak, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}
