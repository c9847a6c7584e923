// The answer to POST reset_password_code (spec §7), re-exported by ./auth.ts: apart so that only
// the password reset page's scripts carry it, not the login chunk of every storefront page.
import * as z from 'zod/mini';

/** 200 to POST reset_password_code: the code is right (a wrong one is a 422 on `code`). */
export const ResetCodeResponseSchema = z.object({ data: z.object({ valid: z.literal(true) }) });
