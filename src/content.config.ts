// The SEO table as Astro content collections. `loadSeoData()` validates every file of seo-data/
// with zod (schemas in seo-data/schema.ts, shared with the API's seed) when the build starts: a
// broken table fails the build.
import { defineCollection } from 'astro:content';
import { loadSeoData, type SeoData } from '../seo-data/schema';

let data: SeoData | undefined;
const table = () => (data ??= loadSeoData());

export const collections = {
  categories: defineCollection({ loader: async () => table().categories.map((c) => ({ ...c, id: c.slug })) }),
  towns: defineCollection({ loader: async () => table().towns.map((t) => ({ ...t, id: t.slug })) }),
  shops: defineCollection({ loader: async () => table().shops.map((s) => ({ ...s, id: s.slug })) }),
  trails: defineCollection({ loader: async () => table().trails.map((t) => ({ ...t, id: t.slug })) }),
  pages: defineCollection({ loader: async () => Object.entries(table().pages).map(([path, page]) => ({ ...page, id: path })) }),
};
