// Map of a trail (island, hydrated with client:visible). The server-rendered HTML is an SVG drawing
// of the track, so the shape is visible without JavaScript or network; once hydrated, Leaflet and
// its CSS are loaded on demand and the track is drawn as a vector polyline over the tiles. If the
// tiles cannot load, the polyline still shows (and a note says the background is missing); if
// Leaflet itself cannot load, the SVG stays.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import { PUBLIC_MAP_TILE_ATTRIBUTION, PUBLIC_MAP_TILE_URL } from 'astro:env/client';
import { decodeTrack, type LatLon } from './track-codec';
import './TrailMap.css';

export interface TrailMapLabels {
  /** Accessible name of the interactive map. */
  map: string;
  /** Title of the static drawing. */
  drawing: string;
  start: string;
  end: string;
  /** Text of the OpenStreetMap attribution link. */
  osmAttribution: string;
  tilesUnavailable: string;
}

interface Props {
  /** The track in the compact form of track-codec.ts (one list of [lat, lon] per segment). */
  track: string;
  labels: TrailMapLabels;
}

const SVG_SIZE = 1000;

/** Leaflet's stylesheet, added only when the map is built (never render-blocking on the page). */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(`link[href="${href}"]`)) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}
const SVG_PAD = 40;

/** The track projected to a square-ish SVG (equirectangular, longitudes shrunk by cos(latitude)). */
export function trackDrawing(track: LatLon[][]) {
  const points = track.flat();
  if (points.length === 0) return { viewBox: `0 0 ${SVG_SIZE} ${SVG_SIZE}`, paths: [] as string[], start: null, end: null };
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const width = Math.max((maxLon - minLon) * k, 1e-6);
  const height = Math.max(maxLat - minLat, 1e-6);
  const scale = SVG_SIZE / Math.max(width, height);
  const project = ([lat, lon]: LatLon): [number, number] => [(lon - minLon) * k * scale, (maxLat - lat) * scale];
  const paths = track
    .filter((segment) => segment.length > 0)
    .map((segment) =>
      segment
        .map(project)
        .map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`)
        .join(' '),
    );
  const viewBox = `${-SVG_PAD} ${-SVG_PAD} ${(width * scale + 2 * SVG_PAD).toFixed(1)} ${(height * scale + 2 * SVG_PAD).toFixed(1)}`;
  return { viewBox, paths, start: project(points[0]), end: project(points[points.length - 1]) };
}

export default function TrailMap({ track: encoded, labels }: Props) {
  const track = useMemo(() => decodeTrack(encoded), [encoded]);
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const drawing = trackDrawing(track);

  useEffect(() => {
    let map: LeafletMap | undefined;
    let cancelled = false;
    (async () => {
      const [L] = await Promise.all([import('leaflet'), loadStylesheet(leafletCss)]);
      if (cancelled || !container.current) return;
      const segments = track.filter((s) => s.length > 0);
      if (segments.length === 0) return;
      map = L.map(container.current, { scrollWheelZoom: false, zoomSnap: 0.5 });
      const osm = `<a href="https://www.openstreetmap.org/copyright">${labels.osmAttribution}</a>`;
      let failures = 0;
      // OpenStreetMap's tiles unless PUBLIC_MAP_TILE_URL names another server (src/env-schema.mjs).
      L.tileLayer(PUBLIC_MAP_TILE_URL, { maxZoom: 18, attribution: PUBLIC_MAP_TILE_ATTRIBUTION ?? osm })
        .on('tileerror', () => {
          if (++failures === 3) setTilesFailed(true);
        })
        .addTo(map);
      const line = L.polyline(segments, { color: '#1565c0', weight: 5, opacity: 0.9 }).addTo(map);
      const first = segments[0][0];
      const last = segments.at(-1)!.at(-1)!;
      L.circleMarker(first, { radius: 7, color: '#fff', weight: 2, fillColor: '#2e7d32', fillOpacity: 1 })
        .bindTooltip(labels.start)
        .addTo(map);
      L.circleMarker(last, { radius: 7, color: '#fff', weight: 2, fillColor: '#c62828', fillOpacity: 1 })
        .bindTooltip(labels.end)
        .addTo(map);
      map.fitBounds(line.getBounds(), { padding: [24, 24] });
      setReady(true);
    })().catch(() => {
      // Leaflet could not load (offline, blocked chunk): the SVG drawing stays.
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [track, labels]);

  return (
    <div className="trail-map-wrap">
      <div className="trail-map">
        <div
          ref={container}
          className="trail-map__leaflet"
          role={ready ? 'region' : undefined}
          aria-label={ready ? labels.map : undefined}
        />
        {!ready && (
          <svg
            className="trail-map__drawing"
            viewBox={drawing.viewBox}
            role="img"
            aria-label={labels.drawing}
            preserveAspectRatio="xMidYMid meet"
          >
            {drawing.paths.map((d, i) => (
              <path key={i} d={d} className="trail-map__track" />
            ))}
            {drawing.start && <circle cx={drawing.start[0]} cy={drawing.start[1]} r="14" className="trail-map__start" />}
            {drawing.end && <circle cx={drawing.end[0]} cy={drawing.end[1]} r="14" className="trail-map__end" />}
          </svg>
        )}
      </div>
      {tilesFailed && <p className="trail-map__note">{labels.tilesUnavailable}</p>}
    </div>
  );
}
