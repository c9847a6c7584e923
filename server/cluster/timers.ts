// Timers that must fire once across API processes, also when the process that armed them dies
//. A timer is a row of `scheduled_tasks`; whoever claims it runs it:
// - the arming process keeps an in-memory timer (`deps.schedule`) for promptness; when it fires it
//   claims its row only if nobody did (`due_at` still the armed moment);
// - every process sweeps every SWEEP_INTERVAL_MS and claims due rows with FOR UPDATE SKIP LOCKED,
//   so two sweeps never take the same row.
// Claiming moves `due_at` forward by TASK_LEASE_MS; the row is deleted once the work is done. A
// claimer that dies in between leaves the row to be claimed again when the lease ends, so the work
// runs at least once; the handlers are idempotent (a payment session ends once), so it lands once.
// The same sweep expires payment sessions past their time (a conditional UPDATE: once) and
// prunes the realtime outbox.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../http/context';
import { paymentSessions, scheduledTasks } from '../db/schema/index';
import { executedRows } from '../db/rows';
import { completePaymentSession } from '../payments/sessions';
import { pruneRealtimeOutbox } from './realtime-relay';
import { log } from '../log';

/** How often every process looks for due work. */
export const SWEEP_INTERVAL_MS = 1000;
/** How long a claimer has to finish before another process takes the work over. */
export const TASK_LEASE_MS = 30_000;
/** Failed runs of one task before it is given up (logged). */
export const TASK_MAX_ATTEMPTS = 5;
/** Rows claimed per sweep. */
const CLAIM_BATCH = 20;

type TaskDeps = Pick<AppDeps, 'database' | 'now' | 'realtime' | 'schedule' | 'metrics'>;

/** The work each kind of task does with its subject. */
export const TASKS = {
  /** The simulated provider's "paid, confirmed late" notification (server/routes/payments.ts). */
  'payment.late-confirmation': async (deps: TaskDeps, sessionId: string) => {
    await completePaymentSession(deps, sessionId, 'paid');
  },
} satisfies Record<string, (deps: TaskDeps, subject: string) => Promise<void>>;

export type TaskKind = keyof typeof TASKS;

type Claimed = { id: number; kind: string; subject: string; attempts: number };

/** Arms a timer: `kind` runs for `subject` at `dueAt`, once, in whichever process claims it. */
export async function scheduleTask(deps: TaskDeps, kind: TaskKind, subject: string, dueAt: Date): Promise<void> {
  const [row] = await deps.database.db
    .insert(scheduledTasks)
    .values({ kind, subject, dueAt, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: scheduledTasks.id });
  if (!row) return; // already armed
  const delay = Math.max(0, dueAt.getTime() - deps.now().getTime());
  deps.schedule(delay, () =>
    claim(deps, and(eq(scheduledTasks.id, row.id), lte(scheduledTasks.dueAt, dueAt))!)
      .then((tasks) => run(deps, tasks))
      .catch((error: Error) => log().error({ err: error, kind }, 'timers: task failed')),
  );
}

/** Claims (moves past their lease) the rows matching `where`, skipping rows another claim holds. */
async function claim(deps: TaskDeps, where: ReturnType<typeof and>): Promise<Claimed[]> {
  const leaseEnd = new Date(deps.now().getTime() + TASK_LEASE_MS);
  const result = await deps.database.db.execute(sql`
    update ${scheduledTasks} set due_at = ${leaseEnd}, attempts = attempts + 1
    where id in (select id from ${scheduledTasks} where ${where} order by due_at limit ${CLAIM_BATCH} for update skip locked)
    returning id, kind, subject, attempts`);
  return executedRows<Claimed>(result).map((r) => ({ ...r, id: Number(r.id) }));
}

async function run(deps: TaskDeps, tasks: readonly Claimed[]): Promise<void> {
  for (const task of tasks) {
    const work = TASKS[task.kind as TaskKind];
    try {
      if (work) await work(deps, task.subject);
      else log().error({ kind: task.kind }, 'timers: unknown task kind, dropped');
    } catch (error) {
      if (task.attempts < TASK_MAX_ATTEMPTS) {
        log().error({ err: error, kind: task.kind, subject: task.subject, attempt: task.attempts }, 'timers: task failed, retried after the lease');
        continue;
      }
      log().error({ err: error, kind: task.kind, subject: task.subject, attempts: task.attempts }, 'timers: task given up');
    }
    // Only our claim's row: a claimer that took over after our lease ended deletes its own.
    await deps.database.db.delete(scheduledTasks).where(and(eq(scheduledTasks.id, task.id), eq(scheduledTasks.attempts, task.attempts)));
  }
}

/** Claims the tasks due now (at most CLAIM_BATCH); another claim running at once gets others. */
export function claimDueTasks(deps: TaskDeps): Promise<Claimed[]> {
  return claim(deps, lte(scheduledTasks.dueAt, deps.now()));
}

/** One sweep: due timers, sessions past their time, old realtime outbox rows (`outbox`: only used on PostgreSQL). */
export async function sweep(deps: TaskDeps, { outbox = true }: { outbox?: boolean } = {}): Promise<void> {
  const now = deps.now();
  await run(deps, await claimDueTasks(deps));
  await deps.database.db
    .update(paymentSessions)
    .set({ status: 'expired', completedAt: sql`${paymentSessions.expiresAt}` })
    .where(and(eq(paymentSessions.status, 'open'), lte(paymentSessions.expiresAt, now)));
  if (outbox) await pruneRealtimeOutbox(deps.database.db, now);
}

/** Starts this process's periodic sweep; returns its stop. */
export function startSweeper(deps: TaskDeps): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep(deps, { outbox: deps.database.driver === 'postgres' })
      .catch((error: Error) => log().error({ err: error }, 'timers: sweep failed'))
      .finally(() => (running = null));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
