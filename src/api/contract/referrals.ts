// The referral report of an admin kiosk (GET v1/totem/referrals and its CSV export): per referral
// (`ref`, the code a hotel's framed page stores from `forced_ref`), the shop's orders placed in a
// period of Europe/Rome days and their total.
import * as z from 'zod/mini';
import { day, isRangeTooLong } from './fields';

/** `from` and `to`: Rome days, both included, `to` not before `from`, at most a year apart. */
export const ReferralReportQuerySchema = z
  .object({ from: day(), to: day() })
  .check(
    z.superRefine((v, ctx) => {
      if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.dateOrder' });
      else if (isRangeTooLong(v.from, v.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.rangeTooLong' });
    }),
  );
export type ReferralReportQuery = z.infer<typeof ReferralReportQuerySchema>;

/** One referral: its confirmed orders placed in the period and their total amount (euros, 2 decimals). */
export const ReferralRowSchema = z.object({ ref: z.string(), orders: z.number(), total_amount: z.number() });
export type ReferralRow = z.infer<typeof ReferralRowSchema>;

export const ReferralReportResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** By referral, alphabetical; orders without a referral are not listed. */
    rows: z.array(ReferralRowSchema),
    /** The sums of the rows. */
    orders: z.number(),
    total_amount: z.number(),
  }),
});
export type ReferralReport = z.infer<typeof ReferralReportResponseSchema>['data'];
