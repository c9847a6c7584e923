// What a backup says about itself (manifest.json at the archive's root), and the schema check a
// restore makes against the code's migrations before it writes anything.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../db/client';

/** Bumped when the archive's layout changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

/** The folders of DATA_DIR a backup carries besides the database: documents and the mail outbox. */
export const FILE_FOLDERS = ['uploads', 'outbox'] as const;

/** The last migration applied to the database: drizzle's journal tag and its `when` (ms). */
const SchemaVersionSchema = z.object({ lastMigration: z.string(), when: z.number().int(), applied: z.number().int().nonnegative() });
export type SchemaVersion = z.infer<typeof SchemaVersionSchema>;

export const ManifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.iso.datetime(),
  database: z.enum(['pglite', 'postgres']),
  schema: SchemaVersionSchema,
  /** Files per folder of FILE_FOLDERS, as counted when the backup was made. */
  files: z.record(z.string(), z.number().int().nonnegative()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A backup or a restore that will not go ahead, for a reason the operator can act on (exit 1, no stack). */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The code's migrations, oldest first (drizzle-kit's journal). */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The schema version from drizzle's own record of applied migrations (`created_at` is the
 * journal's `when`); null when none was applied. A `when` the code does not know is reported as
 * such, so a database migrated by newer code is recognised.
 */
export function schemaVersionOf(appliedWhens: readonly number[]): SchemaVersion | null {
  if (appliedWhens.length === 0) return null;
  const when = Math.max(...appliedWhens);
  const entry = codeMigrations().find((m) => m.when === when);
  return { lastMigration: entry?.tag ?? `unknown migration of ${new Date(when).toISOString()}`, when, applied: appliedWhens.length };
}

/** The statement both drivers read the applied migrations with. */
export const APPLIED_MIGRATIONS_SQL = 'SELECT created_at FROM drizzle.__drizzle_migrations';

/**
 * Refuses a backup this code cannot run: another archive format, or a schema newer than the
 * code's last migration (the newer code's tables would be restored, then this code would serve
 * them without knowing them). An older schema is fine: the next start migrates it forward.
 */
export function assertRestorable(manifest: Manifest): void {
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupRefusal(`This backup is in format ${manifest.format}; this code reads format ${BACKUP_FORMAT}. Restore it with the version of the code that made it.`);
  }
  const migrations = codeMigrations();
  const last = migrations[migrations.length - 1]!;
  const known = migrations.some((m) => m.tag === manifest.schema.lastMigration && m.when === manifest.schema.when);
  if (manifest.schema.when > last.when) {
    throw new BackupRefusal(
      `This backup's database schema (${manifest.schema.lastMigration}) is newer than this code's migrations (last: ${last.tag}). ` +
        'Restore it with the newer version of the code that made it (or update this one first); nothing was changed.',
    );
  }
  if (!known) {
    throw new BackupRefusal(
      `This backup's database schema (${manifest.schema.lastMigration}) is not one of this code's migrations: it comes from another line of the code. Restore it with the code that made it; nothing was changed.`,
    );
  }
}
