// Where a shop is, as an order tells its customer: the address on one line and a link that opens
// it on a map. The order answer (server/orders/present.ts) writes both; the confirmation shows them.

export interface ShopPlace {
  label: string;
  address: string;
  postalCode?: string | null;
  city: string;
  country?: string | null;
  lat?: number | null;
  lon?: number | null;
}

/** "Via Louset 14, 10058 Sestriere": the street, then the postal code and town; '' when none. */
export function shopAddressLine(place: ShopPlace): string {
  const town = [place.postalCode, place.city].map((part) => part?.trim()).filter(Boolean).join(' ');
  return [place.address.trim(), town].filter(Boolean).join(', ');
}

/**
 * A map of the shop: OpenStreetMap centred on its pin when its coordinates are known, else a
 * Google Maps search for its name and address; null when there is nothing to look for.
 */
export function shopMapUrl(place: ShopPlace): string | null {
  const { lat, lon } = place;
  if (lat != null && lon != null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const address = shopAddressLine(place);
  if (!address) return null;
  const query = [place.label.trim(), address, place.country?.trim()].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
