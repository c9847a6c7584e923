// Downloadable copies of the trails' GPX files: the static build writes dist/gpx/{file}.gpx,
// byte for byte the file of seo-data/trails/ (the dev server answers with the GPX media type).
import type { APIRoute } from 'astro';
import { seoTable } from '~/seo/catalogue';
import { readTrailGpx } from '~/seo/trails';

export async function getStaticPaths() {
  return (await seoTable()).trails.map((trail) => ({ params: { file: trail.gpx }, props: { gpx: trail.gpx } }));
}

export const GET: APIRoute = async ({ props }) =>
  new Response(await readTrailGpx({ gpx: props.gpx as string }), {
    headers: { 'content-type': 'application/gpx+xml; charset=utf-8' },
  });
