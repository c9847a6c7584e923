// Example catalogue answers: Bardonecchia's shop, its site, a sport, snowshoes with their prices.
import type * as z from 'zod/mini';
import type { ProductSchema, ShopLoadSchema, ShopSchema, SiteSchema, SportSchema } from '~/api/contract/catalogue';
import type { PathwaySchema } from '~/api/contract/pathways';

export const SPORT: z.input<typeof SportSchema> = { id: 3, name: 'Ciaspole', slug: 'ciaspole' };

export const SHOP: z.input<typeof ShopSchema> = {
  id: 6,
  slug: 'bardonecchia-sport-rent',
  label: 'Bardonecchia Sport Rent',
  address: 'Viale della Vittoria 44',
  city: 'Bardonecchia',
  country: 'Italia',
  phone: '+39 0122 999 001',
  postal_code: '10052',
  email: 'info@bardonecchiasportrent.it',
  lat: 45.0781,
  lon: 6.7044,
  site_id: 2,
  logos: [],
  categories: [{ id: 4, label: 'Ciaspole', slug: 'ciaspole', require_customer_info: true, sport_id: 3, children: [] }],
  sports: [SPORT],
  season: { from: '2026-12-01', to: '2027-04-15' },
};

export const SITE: z.input<typeof SiteSchema> = { id: 2, slug: 'bardonecchia', label: 'Bardonecchia', region: 'Piemonte', lat: 45.078, lon: 6.704, shops: [] };

export const PRICE = {
  id: 111,
  amount: 12,
  original_amount: 12,
  total_price: 24,
  main_price: true,
  season: false,
  morning: false,
  afternoon: false,
  rent_days_from: 2,
  rent_days_to: 3,
};

export const PRODUCT: z.input<typeof ProductSchema> = {
  id: 11,
  code: 'CIASP-01',
  label: 'Ciaspole',
  description: 'Racchette da neve con bastoncini.',
  categories: [4],
  require_customer_info: true,
  prices: [PRICE],
  current_price: PRICE,
  related: [],
};

export const SHOP_LOAD: z.input<typeof ShopLoadSchema> = { shop: SHOP, categories: SHOP.categories, products: [PRODUCT] };

export const PATHWAY: z.input<typeof PathwaySchema> = {
  id: 5,
  slug: 'anello-del-colomion',
  label: 'Anello del Colomion',
  description: 'Giro ad anello tra i larici sopra Bardonecchia.',
  site: { id: 2, slug: 'bardonecchia', label: 'Bardonecchia' },
  sport: { id: 3, slug: 'ciaspole', name: 'Ciaspole' },
  distance: 8420,
  elevation_gain: 512,
  elevation_loss: 512,
  moving_time: 10_800,
  gpx_url: '/api/v1/pathways/5/gpx',
};
