// Parsed GPX document (spec §3 "GPX data"). Times are kept as the file's ISO strings.
import { z } from 'zod';

export const GpxPointSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  elevation: z.number().nullable(),
  time: z.string().nullable(),
  /** Garmin TrackPointExtension heart rate (bpm). */
  hr: z.number().nullable(),
  /** Garmin TrackPointExtension cadence (rpm). */
  cad: z.number().nullable(),
  /** Garmin TrackPointExtension air temperature (°C). */
  atemp: z.number().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
});
export type GpxPoint = z.infer<typeof GpxPointSchema>;

export const GpxWaypointSchema = GpxPointSchema.extend({
  comment: z.string().nullable(),
  symbol: z.string().nullable(),
});
export type GpxWaypoint = z.infer<typeof GpxWaypointSchema>;

export const GpxSegmentSchema = z.object({ points: z.array(GpxPointSchema) });
export type GpxSegment = z.infer<typeof GpxSegmentSchema>;

export const GpxTrackSchema = z.object({
  name: z.string().nullable(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  segments: z.array(GpxSegmentSchema),
});
export type GpxTrack = z.infer<typeof GpxTrackSchema>;

export const GpxRouteSchema = z.object({
  name: z.string().nullable(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  points: z.array(GpxPointSchema),
});
export type GpxRoute = z.infer<typeof GpxRouteSchema>;

export const GpxAuthorSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  link: z.string().nullable(),
});
export type GpxAuthor = z.infer<typeof GpxAuthorSchema>;

export const GpxCopyrightSchema = z.object({
  author: z.string().nullable(),
  year: z.string().nullable(),
  license: z.string().nullable(),
});
export type GpxCopyright = z.infer<typeof GpxCopyrightSchema>;

export const GpxSchema = z.object({
  version: z.string().nullable(),
  creator: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  author: GpxAuthorSchema.nullable(),
  copyright: GpxCopyrightSchema.nullable(),
  time: z.string().nullable(),
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
