// Trails ("pathways") per location, with stats computed from their GPX file.
import * as z from 'zod/mini';
import { noControlCharacters } from './fields';

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

export const PathwayListQuerySchema = z.object({
  location: z.optional(z.string().check(noControlCharacters(), z.maxLength(100))),
  sport: z.optional(z.string().check(noControlCharacters(), z.maxLength(100))),
});
export const PathwaySearchQuerySchema = z.object({
  q: z
    .string({ error: 'validators.required' })
    .check(z.trim(), noControlCharacters(), z.minLength(2, 'validators.minLength'), z.maxLength(100, 'validators.maxLength')),
});
