// Example kiosk answers: an admin kiosk of Bardonecchia's shop, a unit of snowshoes out on the
// example order, its board and the events the kiosks receive.
import type * as z from 'zod/mini';
import type { TotemSettingsSchema } from '~/api/contract/staff';
import type { InventoryItemSchema, UnitDetailSchema, UnitProblemSchema } from '~/api/contract/inventory';
import type { PriceDiffSchema } from '~/api/contract/delivery';
import type { BoardSchema } from '~/api/contract/board';
import type { CounterOrdersSchema } from '~/api/contract/counter';
import type { OrderEventSchema } from '~/api/contract/realtime';

export const TOTEM_SETTINGS: z.input<typeof TotemSettingsSchema> = {
  type: 20,
  code: 'BARD-02',
  pos: null,
  data_security_user_optional: false,
  server_url: null,
  shop: { id: 6, slug: 'bardonecchia-sport-rent', label: 'Bardonecchia Sport Rent' },
  realtime: { driver: 'local', key: 'local', cluster: null, channel: 'private-shop.6', ws_path: '/app' },
  simulated_pos_allowed: false,
};

export const INVENTORY_ITEM: z.input<typeof InventoryItemSchema> = {
  id: 901,
  internal_code: 'CIA-0042',
  product_model: 'TSL 325',
  size: 'M',
  locked: false,
  product: { id: 11, code: 'CIASP-01', label: 'Ciaspole' },
  status: 'out',
  out: {
    delivery_detail_id: 7001,
    order_id: 41,
    order_number: 'R-2026-000041',
    id_order_detail: 501,
    datetime_delivery: '2026-12-12 08:45:00',
    date_to: '2026-12-13',
    overdue: false,
  },
};

export const UNIT_PROBLEM: z.input<typeof UnitProblemSchema> = {
  id: 15,
  specific_product_id: 901,
  order_id: 41,
  description: 'Cinghia destra rotta',
  created_at: '2026-12-13T16:10:00.000Z',
  resolved_at: null,
};

export const UNIT_DETAIL: z.input<typeof UnitDetailSchema> = {
  ...INVENTORY_ITEM,
  open_problems: [],
  history: [
    {
      delivery_detail_id: 7001,
      order_id: 41,
      order_number: 'R-2026-000041',
      id_order_detail: 501,
      datetime_delivery: '2026-12-12 08:45:00',
      datetime_return: null,
    },
  ],
};

export const PRICE_DIFF: z.input<typeof PriceDiffSchema> = {
  id_order_detail: 501,
  delivery_detail_id: 7001,
  product_label: 'Ciaspole',
  status: 'projected',
  booked: { from: '2026-12-12', to: '2026-12-13', days: 2, amount: 24 },
  actual: { from: '2026-12-12', to: '2026-12-14', days: 3, amount: 36 },
  diff: 12,
};

export const BOARD: z.input<typeof BoardSchema> = {
  date: '2026-12-12',
  orders: [
    {
      id: 41,
      number: 'R-2026-000041',
      first_name: 'Anna',
      last_initial: 'V.',
      date_from: '2026-12-12',
      date_to: '2026-12-13',
      paid: false,
      queued_at: '2026-12-12T07:40:00.000Z',
      delivered_at: null,
      units_out: 0,
      items: 2,
    },
  ],
  truncated: false,
};

export const COUNTER_ORDERS: z.input<typeof CounterOrdersSchema> = {
  list: 'hand_out',
  date: '2026-12-12',
  orders: [
    {
      id: 41,
      uuid: '0b9a3c1e-5f4d-4c3b-9a2e-1d0c9b8a7f6e',
      number: 'R-2026-000041',
      first_name: 'Anna',
      last_name: 'Verdi',
      date_from: '2026-12-12',
      date_to: '2026-12-13',
      items: 2,
      units_out: 0,
      paid: false,
      total_amount: 48,
      totem_code: 'BARD-03',
      created_at: '2026-12-12T07:38:00.000Z',
    },
  ],
  truncated: false,
};

export const ORDER_EVENT: z.input<typeof OrderEventSchema> = {
  id: 41,
  number: 'R-2026-000041',
  shop_id: 6,
  status: 'confirmed',
  paid: false,
  date_from: '2026-12-12',
  date_to: '2026-12-13',
  at: '2026-12-12T07:40:00.000Z',
};
