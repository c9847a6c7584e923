// Storefront configuration state (spec §3 "Configuration state") and the date mode it holds.
import * as z from 'zod/mini';
import { CheckedFidelityCardSchema } from '../api/contract/fidelity';
import { CategorySchema, ProductSchema, ShopSchema, SiteSchema, SportSchema } from '../api/contract/catalogue';
import { RealtimeSettingsSchema, TotemSchema } from '../api/contract/kiosk';
import { DateModes } from '../domain/dates';

/** `multipleDates`: one of the spec's date modes (src/domain/dates.ts DateModes). */
export const DateModeSchema = z.union([
  z.literal(DateModes.MORNING),
  z.literal(DateModes.AFTERNOON),
  z.literal(DateModes.SINGLE),
  z.literal(DateModes.RANGE),
  z.literal(DateModes.SEASONAL),
]);

/** A calendar day in Europe/Rome, 'YYYY-MM-DD'. */
export const DaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const ConfigurationStateSchema = z.object({
  totem: z._default(z.nullable(TotemSchema), null),
  shop: z._default(z.nullable(ShopSchema), null),
  products: z._default(z.array(ProductSchema), []),
  categories: z._default(z.array(CategorySchema), []),
  /** Product id to available count. */
  availabilities: z._default(z.record(z.string(), z.number()), {}),
  /** Day ('YYYY-MM-DD', Europe/Rome) of the last kiosk reload. */
  lastRefresh: z._default(z.nullable(DaySchema), null),
  /** Kept by kiosks only (spec §3): the half-day of a same-day booking, true for the morning. */
  morning: z._default(z.nullable(z.boolean()), null),
  multipleDates: z._default(DateModeSchema, DateModes.SINGLE),
  dates: z._default(z.array(DaySchema), []),
  site: z._default(z.nullable(SiteSchema), null),
  sport: z._default(z.nullable(SportSchema), null),
  fidelityCard: z._default(z.nullable(CheckedFidelityCardSchema), null),
  askedFidelityCards: z._default(z.array(z.string()), []),
  searchFormConfiguration: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
  ref: z._default(z.nullable(z.string()), null),
  canSeeConfig: z._default(z.boolean(), false),
});

/**
 * What a paired kiosk keeps besides the totem settings of spec §3: its own bearer token (apart
 * from any customer session), the shop it belongs to (the configuration's shop may be cleared;
 * this one is where the kiosk always returns), how it reaches the realtime channels, and the
 * configuration's fake-POS switch (the terminal answers OK without being called, spec §7).
 */
export const KioskDeviceSchema = z.object({
  /** `Bearer …`, as the API client sends it. */
  token: z._default(z.nullable(z.string()), null),
  shop: z._default(z.nullable(ShopSchema), null),
  realtime: z._default(z.nullable(RealtimeSettingsSchema), null),
  fakePos: z._default(z.boolean(), false),
});
export type KioskDevice = z.infer<typeof KioskDeviceSchema>;
