// Parsed GPX document (spec §3 "GPX data"). Times are kept as the file's ISO strings.
import * as z from 'zod/mini';

export const GpxPointSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  elevation: z.nullable(z.number()),
  time: z.nullable(z.string()),
  /** Garmin TrackPointExtension heart rate (bpm). */
  hr: z.nullable(z.number()),
  /** Garmin TrackPointExtension cadence (rpm). */
  cad: z.nullable(z.number()),
  /** Garmin TrackPointExtension air temperature (°C). */
  atemp: z.nullable(z.number()),
  name: z.nullable(z.string()),
  description: z.nullable(z.string()),
});
export type GpxPoint = z.infer<typeof GpxPointSchema>;

export const GpxWaypointSchema = z.extend(GpxPointSchema, {
  comment: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
});
export type GpxWaypoint = z.infer<typeof GpxWaypointSchema>;

export const GpxSegmentSchema = z.object({ points: z.array(GpxPointSchema) });

export const GpxTrackSchema = z.object({
  name: z.nullable(z.string()),
  description: z.nullable(z.string()),
  type: z.nullable(z.string()),
  segments: z.array(GpxSegmentSchema),
});
export type GpxTrack = z.infer<typeof GpxTrackSchema>;

export const GpxRouteSchema = z.object({
  name: z.nullable(z.string()),
  description: z.nullable(z.string()),
  type: z.nullable(z.string()),
  points: z.array(GpxPointSchema),
});
export type GpxRoute = z.infer<typeof GpxRouteSchema>;

export const GpxAuthorSchema = z.object({
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  link: z.nullable(z.string()),
});
export type GpxAuthor = z.infer<typeof GpxAuthorSchema>;

export const GpxCopyrightSchema = z.object({
  author: z.nullable(z.string()),
  year: z.nullable(z.string()),
  license: z.nullable(z.string()),
});
export type GpxCopyright = z.infer<typeof GpxCopyrightSchema>;

export const GpxSchema = z.object({
  version: z.nullable(z.string()),
  creator: z.nullable(z.string()),
  name: z.nullable(z.string()),
  description: z.nullable(z.string()),
  author: z.nullable(GpxAuthorSchema),
  copyright: z.nullable(GpxCopyrightSchema),
  time: z.nullable(z.string()),
  tracks: z.array(GpxTrackSchema),
  routes: z.array(GpxRouteSchema),
  waypoints: z.array(GpxWaypointSchema),
});
export type Gpx = z.infer<typeof GpxSchema>;

export const GpxStatsSchema = z.object({
  /** Metres. */
  distance: z.number(),
  elevationGain: z.number(),
  elevationLoss: z.number(),
  /** Seconds. */
  movingTime: z.number(),
  totalTime: z.number(),
});
export type GpxStats = z.infer<typeof GpxStatsSchema>;
