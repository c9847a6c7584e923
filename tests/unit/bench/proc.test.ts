// The benchmarks' /proc reader (bench/proc.ts): the fields the CPU split and the build's peak memory
// are read from, checked against what node knows of its own process, and a child's CPU counted
// under its parent's tree.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { allProcStats, machineCpuMs, procStat } from '~bench/proc';
import { withCpuSplit } from '~bench/cpu-split';

describe('bench/proc', () => {
  it("reads this process's pid, parent, group, name, CPU and memory as node knows them", () => {
    const self = procStat('self')!;
    expect(self).toMatchObject({ pid: process.pid, ppid: process.ppid, comm: expect.stringMatching(/node|vitest/) });
    expect(self.pgrp).toBeGreaterThan(0);
    // /proc counts in 10 ms ticks; node's own clock in µs.
    const { user, system } = process.cpuUsage();
    expect(Math.abs(self.cpuMs - (user + system) / 1000)).toBeLessThan(1000);
    expect(Math.abs(self.rssBytes - process.memoryUsage.rss())).toBeLessThan(64 * 1024 * 1024);
    expect(allProcStats().some((p) => p.pid === process.pid)).toBe(true);
    expect(procStat(2 ** 22 + 1)).toBeNull();
  });

  it("the machine's CPU only grows, and idle is part of it", () => {
    const before = machineCpuMs();
    spawnSync(process.execPath, ['-e', 'const t = Date.now(); while (Date.now() - t < 50);']);
    const after = machineCpuMs();
    expect(after.total).toBeGreaterThan(before.total);
    expect(after.idle).toBeGreaterThanOrEqual(before.idle);
    expect(after.total - before.total).toBeGreaterThanOrEqual(after.idle - before.idle);
  });

  it("counts a live child's CPU as its parent's (the API's)", async () => {
    // This process stands for the API: the busy child under it is what `npm start` runs when
    // HEAP_LIMIT_MB asks another cap.
    const child = spawn(process.execPath, ['-e', 'for (;;);']);
    try {
      const { cpu } = await withCpuSplit([process.pid], async () => {
        // Until the child has spent 200 ms of CPU since the first read, however busy the machine.
        const start = procStat(child.pid!)?.cpuMs ?? 0;
        while ((procStat(child.pid!)?.cpuMs ?? 0) - start < 200) await new Promise((resolve) => setTimeout(resolve, 20));
      });
      // The child spent 0.2 s; the split is rounded to hundredths of a core.
      expect(cpu.api * cpu.seconds).toBeGreaterThanOrEqual(0.2 - 0.01 * cpu.seconds);
      expect(cpu.cores).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
