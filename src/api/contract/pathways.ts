// Trails ("pathways") per location, with stats computed from their GPX file.
import { z } from 'zod';

export const PathwaySchema = z.object({
  id: z.number(),
  slug: z.string(),
  label: z.string(),
  description: z.string(),
  site: z.object({ id: z.number(), slug: z.string(), label: z.string() }),
  sport: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  distance: z.number(),
  elevation_gain: z.number(),
  elevation_loss: z.number(),
  moving_time: z.number(),
  gpx_url: z.string(),
});
export type Pathway = z.infer<typeof PathwaySchema>;

export const PathwayListQuerySchema = z.object({
  location: z.string().max(100).optional(),
  sport: z.string().max(100).optional(),
});
export const PathwaySearchQuerySchema = z.object({
  q: z.string({ error: 'validators.required' }).trim().min(2, 'validators.minLength').max(100, 'validators.maxLength'),
});
