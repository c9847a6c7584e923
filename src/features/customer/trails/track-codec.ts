// Compact text form of a track for island props ("lat,lon;lat,lon|lat,lon…", one `|` per
// segment): Astro serialises arrays element by element, which would triple the page weight.
export type LatLon = [number, number];

export function encodeTrack(track: LatLon[][]): string {
  return track.map((segment) => segment.map(([lat, lon]) => `${lat},${lon}`).join(';')).join('|');
}

export function decodeTrack(text: string): LatLon[][] {
  if (!text) return [];
  return text.split('|').map((segment) =>
    segment
      ? segment.split(';').map((pair) => {
          const [lat, lon] = pair.split(',').map(Number);
          return [lat, lon] as LatLon;
        })
      : [],
  );
}
