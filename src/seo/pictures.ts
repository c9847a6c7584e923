// Pictures of the booking page's products and of the shops, made at build time by Astro's image
// pipeline (astro:assets): a photo is resized to the widths a card or a page shows it at (twice
// for DPR 2 phones) in WebP, with its size so the page keeps its place while it loads; a product
// without a photo gets its sport's drawing (src/assets/sports/{sport}.svg), which scales as it is.
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { loadCatalogue } from '~seo-data/catalogue';
import type { BookingPictures, CardPicture } from '../features/customer/booking/pictures';

const modules = (files: Record<string, { default: ImageMetadata }>) =>
  Object.fromEntries(Object.entries(files).map(([file, module]) => [file.split('/').pop()!, module.default]));

const productPhotos = modules(import.meta.glob<{ default: ImageMetadata }>('../assets/products/*.{jpg,png,webp}', { eager: true }));
const shopPhotos = modules(import.meta.glob<{ default: ImageMetadata }>('../assets/shops/*.{jpg,png,webp}', { eager: true }));
const drawings = modules(import.meta.glob<{ default: ImageMetadata }>('../assets/sports/*.svg', { eager: true }));

/** A card's picture is 6rem wide (96 CSS px) at 4:3: these widths cover DPR 1 to 3. */
const CARD_WIDTHS = [96, 192, 288];

async function picture(image: ImageMetadata, widths: number[], aspect: number): Promise<CardPicture> {
  const width = widths[0]!;
  const height = Math.round(width / aspect);
  const made = await getImage({ src: image, widths, width, height, format: 'webp', fit: 'cover' });
  return { src: made.src, srcset: made.srcSet.attribute, width, height };
}

function fileOf(files: Record<string, ImageMetadata>, name: string, where: string): ImageMetadata {
  const found = files[name];
  if (!found) throw new Error(`${where}: no file ${name}`);
  return found;
}

/** Every product photo of the catalogue and every sport's drawing, for the booking island's props. */
export async function bookingPictures(): Promise<BookingPictures> {
  const catalogue = loadCatalogue();
  const photos: Record<string, CardPicture> = {};
  for (const product of Object.values(catalogue.sports).flatMap((categories) => categories!.flatMap((c) => c.products)))
    if (product.photo) photos[product.code] = await picture(fileOf(productPhotos, product.photo, `src/assets/products (${product.code})`), CARD_WIDTHS, 4 / 3);
  const sports: Record<string, CardPicture> = {};
  for (const sport of Object.keys(catalogue.sports)) {
    const drawing = fileOf(drawings, `${sport}.svg`, 'src/assets/sports');
    sports[sport] = { src: drawing.src, width: drawing.width, height: drawing.height };
  }
  return { photos, drawings: sports };
}

/** The shop's photo (seo-data/shops.json `photo`), for its page's <Picture>; null when it has none. */
export function shopPhoto(photo: string | undefined): ImageMetadata | null {
  return photo ? fileOf(shopPhotos, photo, 'src/assets/shops') : null;
}
