// How a person's measures read on the order page, the cash desk and the delivery counter (one
// module of its own: the pages that only check measures, the booking's and the account's, do not
// carry these words).

/** A person's measures as an order carries them (any may be missing). */
export interface PersonMeasures {
  height?: number | string | null;
  weight?: number | string | null;
  shoe_size?: number | string | null;
  level?: string | null;
}

/** Whatever translates a key (i18next's `t`, the islands' own). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

const MEASURE_FIELDS = ['height', 'weight', 'shoe_size'] as const;

/**
 * The measures the shop fits the equipment to, read as staff and customers say them: "Altezza 168 cm ·
 * Peso 70 kg · Scarpe 42 EU · Intermedio" (the unit after the number; `order.measures.*` in
 * i18n/*.json). Empty when nothing was typed. The order page, the cash desk and the delivery counter
 * show the same words.
 */
export function measuresText(t: Translate, person: PersonMeasures | null | undefined): string {
  if (!person) return '';
  const parts = MEASURE_FIELDS.filter((field) => person[field] !== null && person[field] !== undefined && person[field] !== '').map((field) =>
    t(`order.measures.${field}`, { value: person[field] }),
  );
  if (person.level) parts.push(t(`order.measures.levels.${person.level}`, { defaultValue: person.level }));
  return parts.join(' · ');
}
