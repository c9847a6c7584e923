// Storefront configuration state (spec §3 "Configuration state") as this browser keeps it: read
// back from storage through this schema (stores/configuration.ts), never sent to the API.
import * as z from 'zod/mini';
import { CheckedFidelityCardSchema } from '../api/contract/fidelity';
import { CategorySchema, ProductSchema, ShopSchema, SiteSchema, SportSchema } from '../api/contract/catalogue';
import { TotemSchema } from '../api/contract/kiosk';
import { DateModes } from '../domain/dates';
import { DateModeSchema, DaySchema } from '../api/contract/orders';

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
