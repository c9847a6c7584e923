// The shop selector's tree (spec §2): sites with their shops and each shop's sports.
import * as z from 'zod/mini';
import { api } from './instance';
import { SiteSchema, type Site } from './contract/catalogue';

const SitesResponseSchema = z.object({ data: z.array(SiteSchema) });

/** GET v2/sites?with=shops.sports, as the API answers it (stores/sites.ts shapes it). */
export async function fetchSites(): Promise<Site[]> {
  return (await api.get('v2/sites', { query: { with: 'shops.sports' }, schema: SitesResponseSchema })).data;
}
