// Pusher protocol frames of the local realtime endpoint: building the ones we send and
// reading the ones clients send, bounded in nesting before anything is parsed.
import { jsonDepth } from '../http/validation';

/** Deepest nesting of a frame's JSON (a subscribe is 2 levels); deeper frames are refused unparsed. */
export const MAX_FRAME_DEPTH = 8;

export const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });

/** True when a frame's JSON text nests deeper than frames may. */
export const frameTooDeep = (text: string) => jsonDepth(text, MAX_FRAME_DEPTH) > MAX_FRAME_DEPTH;

/** JSON.parse bounded in nesting; undefined when the text is not JSON or too deep. */
export function parseBounded(text: string): unknown {
  if (frameTooDeep(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
