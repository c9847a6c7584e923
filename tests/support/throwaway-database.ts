// A throwaway PostgreSQL database, for the database tests (./databases.ts), the cluster tests and
// benchmark (./cluster.ts) and the order profile (bench/order-profile.ts). No side effect on import.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database on the PostgreSQL server of `adminUrl`, named `<prefix>_<pid>_<random>`: empty, or
 * a copy of the database `template`; `drop` removes it, connections and all.
 */
export async function throwawayDatabase(adminUrl: string, prefix: string, template = ''): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
