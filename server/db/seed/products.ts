// What each shop rents for each sport it serves: categories, products, stock and daily rates.
import type { LocalizedText } from '../schema/catalogue';

export interface ProductTemplate {
  code: string;
  label: LocalizedText;
  description: LocalizedText;
  /** Rate of one full day; other prices derive from it. */
  dailyRate: number;
  stock: number;
  models: string[];
}

export interface CategoryTemplate {
  slug: string;
  label: LocalizedText;
  requireCustomerInfo: boolean;
  products: ProductTemplate[];
}

const t = (it: string, en: string, fr: string): LocalizedText => ({ it, en, fr });

export const sportCatalogue: Record<string, CategoryTemplate[]> = {
  sci: [
    {
      slug: 'sci-adulto',
      label: t('Sci adulto', 'Adult skis', 'Skis adulte'),
      requireCustomerInfo: true,
      products: [
        {
          code: 'SCI-PREMIUM',
          label: t('Kit sci Premium', 'Premium ski kit', 'Pack ski Premium'),
          description: t('Sci, scarponi e bastoncini di gamma alta', 'High-end skis, boots and poles', 'Skis, chaussures et bâtons haut de gamme'),
          dailyRate: 38,
          stock: 3,
          models: ['Rossignol Hero Elite', 'Atomic Redster S9'],
        },
        {
          code: 'SCI-BASE',
          label: t('Kit sci Base', 'Standard ski kit', 'Pack ski Essentiel'),
          description: t('Sci, scarponi e bastoncini per ogni livello', 'Skis, boots and poles for every level', 'Skis, chaussures et bâtons pour tous niveaux'),
          dailyRate: 25,
          stock: 6,
          models: ['Head Shape V5', 'Elan Element'],
        },
      ],
    },
    {
      slug: 'sci-junior',
      label: t('Sci junior', 'Junior skis', 'Skis junior'),
      requireCustomerInfo: true,
      products: [
        {
          code: 'SCI-JUNIOR',
          label: t('Kit sci Junior', 'Junior ski kit', 'Pack ski Junior'),
          description: t('Per ragazzi fino a 14 anni', 'For children up to 14', "Pour les jeunes jusqu'à 14 ans"),
          dailyRate: 16,
          stock: 2,
          models: ['Rossignol Hero Jr', 'Atomic Redster Jr'],
        },
      ],
    },
  ],
  snowboard: [
    {
      slug: 'snowboard-adulto',
      label: t('Tavole', 'Boards', 'Planches'),
      requireCustomerInfo: true,
      products: [
        {
          code: 'SNOWBOARD',
          label: t('Kit snowboard', 'Snowboard kit', 'Pack snowboard'),
          description: t('Tavola, attacchi e scarponi', 'Board, bindings and boots', 'Planche, fixations et boots'),
          dailyRate: 30,
          stock: 3,
          models: ['Burton Process', 'Nitro Team'],
        },
      ],
    },
  ],
  'sci-alpinismo': [
    {
      slug: 'attrezzatura-skialp',
      label: t('Attrezzatura sci alpinismo', 'Ski-touring gear', 'Matériel de ski de randonnée'),
      requireCustomerInfo: true,
      products: [
        {
          code: 'SKIALP',
          label: t('Kit sci alpinismo', 'Ski-touring kit', 'Pack ski de randonnée'),
          description: t('Sci con pelli, scarponi e ARTVA', 'Skis with skins, boots and avalanche transceiver', 'Skis avec peaux, chaussures et DVA'),
          dailyRate: 45,
          stock: 2,
          models: ['Dynafit Blacklight 88', 'Ski Trab Maestro'],
        },
      ],
    },
  ],
  ciaspole: [
    {
      slug: 'ciaspole',
      label: t('Ciaspole', 'Snowshoes', 'Raquettes'),
      requireCustomerInfo: false,
      products: [
        {
          code: 'CIASPOLE',
          label: t('Ciaspole e bastoncini', 'Snowshoes and poles', 'Raquettes et bâtons'),
          description: t('Ciaspole regolabili con bastoncini telescopici', 'Adjustable snowshoes with telescopic poles', 'Raquettes réglables et bâtons télescopiques'),
          dailyRate: 12,
          stock: 8,
          models: ['TSL 325', 'MSR Lightning'],
        },
        {
          code: 'AUTOSOCCORSO',
          label: t('Kit autosoccorso', 'Avalanche safety kit', 'Kit de secours avalanche'),
          description: t('ARTVA, pala e sonda', 'Transceiver, shovel and probe', 'DVA, pelle et sonde'),
          dailyRate: 15,
          stock: 1,
          models: ['Ortovox 3+'],
        },
      ],
    },
  ],
  biciclette: [
    {
      slug: 'mountain-bike',
      label: t('Mountain bike', 'Mountain bikes', 'VTT'),
      requireCustomerInfo: true,
      products: [
        {
          code: 'EMTB',
          label: t('E-bike MTB biammortizzata', 'Full-suspension e-MTB', 'VTTAE tout suspendu'),
          description: t('Motore centrale, batteria 625 Wh', 'Mid-drive motor, 625 Wh battery', 'Moteur pédalier, batterie 625 Wh'),
          dailyRate: 55,
          stock: 2,
          models: ['Specialized Levo', 'Orbea Wild'],
        },
        {
          code: 'MTB',
          label: t('Mountain bike front', 'Hardtail mountain bike', 'VTT semi-rigide'),
          description: t('Forcella ammortizzata, 12 velocità', 'Suspension fork, 12 speeds', 'Fourche suspendue, 12 vitesses'),
          dailyRate: 28,
          stock: 5,
          models: ['Scott Scale', 'Trek Marlin'],
        },
      ],
    },
    {
      slug: 'citta-trekking',
      label: t('Città e trekking', 'City and trekking', 'Ville et trekking'),
      requireCustomerInfo: false,
      products: [
        {
          code: 'CITYBIKE',
          label: t('Bici da città', 'City bike', 'Vélo de ville'),
          description: t('Comoda, con cestino e lucchetto', 'Comfortable, with basket and lock', 'Confortable, avec panier et antivol'),
          dailyRate: 14,
          stock: 6,
          models: ['Bianchi Spillo', 'Atala Columbus'],
        },
      ],
    },
  ],
  arrampicata: [
    {
      slug: 'attrezzatura-arrampicata',
      label: t('Arrampicata e ferrata', 'Climbing and via ferrata', 'Escalade et via ferrata'),
      requireCustomerInfo: true,
      products: [
        {
          code: 'CLIMB',
          label: t('Kit arrampicata', 'Climbing kit', "Pack d'escalade"),
          description: t('Imbrago, scarpette e casco', 'Harness, shoes and helmet', 'Baudrier, chaussons et casque'),
          dailyRate: 18,
          stock: 4,
          models: ['Petzl Corax', 'Black Diamond Momentum'],
        },
        {
          code: 'FERRATA',
          label: t('Kit ferrata', 'Via ferrata kit', 'Pack via ferrata'),
          description: t('Imbrago, set da ferrata omologato e casco', 'Harness, certified lanyard set and helmet', 'Baudrier, longe homologuée et casque'),
          dailyRate: 20,
          stock: 1,
          models: ['Petzl Scorpio'],
        },
      ],
    },
  ],
};

/** Add-ons every shop offers with its main products. */
export const addOnTemplates = [
  {
    code: 'CASCO',
    label: t('Casco', 'Helmet', 'Casque'),
    description: t('Casco omologato', 'Certified helmet', 'Casque homologué'),
    dailyRate: 3,
    stock: 10,
    recommended: true,
    physical: true,
  },
  {
    code: 'COPERTURA',
    label: t('Copertura rottura e furto', 'Breakage and theft cover', 'Garantie casse et vol'),
    description: t('Nessun costo in caso di rottura o furto', 'No charge for breakage or theft', 'Aucun frais en cas de casse ou de vol'),
    dailyRate: 2,
    stock: 999,
    recommended: false,
    physical: false,
  },
] as const;

/** The price list of a daily rate: day tiers, half days and the season. */
export function priceList(rate: number) {
  const r = (x: number) => Math.round(x * 2) / 2;
  return [
    { rentDaysFrom: 1, rentDaysTo: 1, amount: r(rate) },
    { rentDaysFrom: 2, rentDaysTo: 3, amount: r(rate * 0.9) },
    { rentDaysFrom: 4, rentDaysTo: 6, amount: r(rate * 0.8) },
    // Open upper bound: 999 days.
    { rentDaysFrom: 7, rentDaysTo: null, amount: r(rate * 0.7) },
    { morning: true, amount: r(rate * 0.6) },
    { afternoon: true, amount: r(rate * 0.5) },
    { season: true, amount: r(rate * 12) },
  ];
}
