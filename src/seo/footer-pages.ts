// The pages the network footer links to (spec §1), with their Italian slugs.
export const footerPages = [
  { key: 'customerAssistance', slug: 'assistenza-clienti' },
  { key: 'rentalAssistance', slug: 'assistenza-noleggio' },
  { key: 'hotels', slug: 'hotel-e-tour-operator' },
  { key: 'shops', slug: 'negozi' },
  { key: 'terms', slug: 'condizioni' },
  { key: 'cancellation', slug: 'cancellazione' },
  { key: 'privacy', slug: 'privacy' },
  { key: 'cookies', slug: 'cookie' },
] as const;
