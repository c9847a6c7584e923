// The referral report of an admin kiosk (types 20 and 30): per referral code, the shop's confirmed
// orders placed in a period of Rome days and their total (GET v1/totem/referrals), and the same as a
// CSV attachment (…/export). Cancelled orders earned nothing and are left out; orders without a
// referral are not listed (src/domain/referrals.ts). Another shop's orders are never read.
import { Hono } from 'hono';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { ReferralReportQuerySchema, type ReferralReportResponseSchema } from '~/api/contract/referrals';
import { addDays, parseRomeDateTime } from '~/domain/dates';
import { referralReport, referralReportCsv, referralReportFileName } from '~/domain/referrals';
import { orders } from '~server/db/schema/index';
import type { AppContext, AppEnv } from '~server/http/context';
import { queryParams } from '~server/http/validation';
import { requireTotem, TotemLevel } from '~server/staff/permissions';

async function loadReport(c: AppContext) {
  const totem = requireTotem(c, TotemLevel.ADMIN);
  const { from, to } = queryParams(c, ReferralReportQuerySchema);
  const rows = await c
    .get('deps')
    .database.db.select({ ref: orders.ref, totalAmount: orders.totalAmount, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, totem.shopId),
        eq(orders.status, 'confirmed'),
        isNotNull(orders.ref),
        // Rome's midnight starting `from` to the one ending `to`.
        gte(orders.createdAt, parseRomeDateTime(from)),
        lt(orders.createdAt, parseRomeDateTime(addDays(to, 1))),
      ),
    );
  return referralReport(rows, from, to);
}

export const referralRoutes = new Hono<AppEnv>()
  .get('/v1/totem/referrals', async (c) => {
    const answer: z.input<typeof ReferralReportResponseSchema> = { data: await loadReport(c) };
    return c.json(answer);
  })
  .get('/v1/totem/referrals/export', async (c) => {
    const report = await loadReport(c);
    const t = c.get('t');
    // The headings of the kiosk's table, so the kiosk's download and this export are the same file.
    const csv = referralReportCsv(report, { ref: t('kiosk.referrals.ref'), orders: t('kiosk.referrals.orders'), total: t('kiosk.referrals.total') });
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${referralReportFileName(report.from, report.to)}"`,
    });
  });
