// The shop selector's tree (spec §2): sites with their shops and each shop's sports.
import * as z from 'zod/mini';
import { SiteSchema, type Site } from './contract/catalogue';
import type { ApiClient } from './client';

const SitesResponseSchema = z.object({ data: z.array(SiteSchema) });

/** GET v2/sites?with=shops.sports, as the API answers it (the selector's store shapes it). */
export async function fetchSites(api: ApiClient): Promise<Site[]> {
  return (await api.get('v2/sites', { query: { with: 'shops.sports' }, schema: SitesResponseSchema })).data;
}
