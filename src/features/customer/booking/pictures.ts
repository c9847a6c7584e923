// What the booking page's product cards show as a picture, made at build time by the page
// (src/pages/[...lang]/prenota/[shop]/index.astro through astro:assets) and handed to the island
// as props: the island is rendered in the browser only, where the image pipeline is not.

/** One picture ready for an <img>: its URLs, and its box so nothing moves when it arrives. */
export interface CardPicture {
  src: string;
  srcset?: string;
  width: number;
  height: number;
}

export interface BookingPictures {
  /** A product's photo, by the product's catalogue code. */
  photos: Record<string, CardPicture>;
  /** The drawing of each sport (its slug), for a product without a photo. */
  drawings: Record<string, CardPicture>;
}

/** The picture of a product: its photo, else its sport's drawing. */
export function pictureOf(pictures: BookingPictures, code: string | undefined, sport: string | undefined): CardPicture | undefined {
  return (code ? pictures.photos[code] : undefined) ?? (sport ? pictures.drawings[sport] : undefined);
}
