// Storefront configuration state (spec §3 "Configuration state") and the date mode it holds.
import { z } from 'zod';
import { CheckedFidelityCardSchema } from './fidelity';
import { CategorySchema, ProductSchema, ShopSchema, SiteSchema, SportSchema } from './catalogue';
import { RealtimeSettingsSchema, TotemSchema } from './kiosk';

/** `multipleDates`: 0 morning, 1 afternoon, 2 single date, 3 range, 20 seasonal. */
export const DateModeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(20)]);
export type DateMode = z.infer<typeof DateModeSchema>;

/** A calendar day in Europe/Rome, 'YYYY-MM-DD'. */
export const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ConfigurationStateSchema = z.object({
  totem: TotemSchema.nullable().default(null),
  shop: ShopSchema.nullable().default(null),
  products: z.array(ProductSchema).default([]),
  categories: z.array(CategorySchema).default([]),
  /** Product id to available count. */
  availabilities: z.record(z.string(), z.number()).default({}),
  /** Day ('YYYY-MM-DD', Europe/Rome) of the last kiosk reload. */
  lastRefresh: DaySchema.nullable().default(null),
  /** Kept by kiosks only (spec §3): the half-day of a same-day booking, true for the morning. */
  morning: z.boolean().nullable().default(null),
  multipleDates: DateModeSchema.default(2),
  dates: z.array(DaySchema).default([]),
  site: SiteSchema.nullable().default(null),
  sport: SportSchema.nullable().default(null),
  fidelityCard: CheckedFidelityCardSchema.nullable().default(null),
  askedFidelityCards: z.array(z.string()).default([]),
  searchFormConfiguration: z.record(z.string(), z.unknown()).nullable().default(null),
  ref: z.string().nullable().default(null),
  canSeeConfig: z.boolean().default(false),
});
export type ConfigurationState = z.infer<typeof ConfigurationStateSchema>;

/**
 * What a paired kiosk keeps besides the totem settings of spec §3: its own bearer token (apart
 * from any customer session), the shop it belongs to (the configuration's shop may be cleared;
 * this one is where the kiosk always returns), how it reaches the realtime channels, and the
 * configuration's fake-POS switch (the terminal answers OK without being called, spec §7).
 */
export const KioskDeviceSchema = z.object({
  /** `Bearer …`, as the API client sends it. */
  token: z.string().nullable().default(null),
  shop: ShopSchema.nullable().default(null),
  realtime: RealtimeSettingsSchema.nullable().default(null),
  fakePos: z.boolean().default(false),
});
export type KioskDevice = z.infer<typeof KioskDeviceSchema>;
