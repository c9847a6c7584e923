// `{ data: … }` envelopes of answers the contract describes by their entity only (the browser's
// request modules wrap them the same way: src/api/sites.ts, shops.ts, inventory.ts). Named here so
// the document shows them once.
import * as z from 'zod/mini';
import { ShopLoadSchema, ShopSchema, SiteSchema, SportSchema } from '~/api/contract/catalogue';
import { PathwaySchema } from '~/api/contract/pathways';
import { OrderResponseSchema } from '~/api/contract/orders';
import { ExtraSpecificProductSchema, InventoryItemSchema, UnitDetailSchema, UnitProblemSchema } from '~/api/contract/inventory';

export const SitesEnvelope = z.object({ data: z.array(SiteSchema) });
export const SiteEnvelope = z.object({ data: SiteSchema });
export const ShopsEnvelope = z.object({ data: z.array(ShopSchema) });
export const ShopLoadEnvelope = z.object({ data: ShopLoadSchema });
export const SportsEnvelope = z.object({ data: z.array(SportSchema) });
export const SportEnvelope = z.object({ data: SportSchema });
export const PathwaysEnvelope = z.object({ data: z.array(PathwaySchema) });
export const PathwayEnvelope = z.object({ data: PathwaySchema });
/** An order's documents after an upload: the order's `medias`. */
export const OrderMediasEnvelope = z.object({ data: OrderResponseSchema.shape.medias });
/** GET v1/specific_products: the units, or with `extra=1` the units out outside order lines. */
export const UnitsEnvelope = z.object({ data: z.union([z.array(InventoryItemSchema), z.array(ExtraSpecificProductSchema)]) });
export const UnitDetailEnvelope = z.object({ data: UnitDetailSchema });
export const UnitProblemsEnvelope = z.object({ data: z.array(UnitProblemSchema) });
export const UnitProblemEnvelope = z.object({ data: UnitProblemSchema });

/** Component names of the envelopes above. */
export const ENVELOPES: Record<string, z.core.$ZodType> = {
  SitesEnvelope,
  SiteEnvelope,
  ShopsEnvelope,
  ShopLoadEnvelope,
  SportsEnvelope,
  SportEnvelope,
  PathwaysEnvelope,
  PathwayEnvelope,
  OrderMediasEnvelope,
  UnitsEnvelope,
  UnitDetailEnvelope,
  UnitProblemsEnvelope,
  UnitProblemEnvelope,
};
