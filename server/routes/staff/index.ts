// The staff side of the API, mounted by app.ts before the catch-all.
import { Hono } from 'hono';
import type { AppEnv } from '~server/http/context';
import { totemRoutes } from './totem';
import { totemsRoutes } from './totems';
import { staffOrderRoutes } from './orders';
import { cashDeskRoutes } from './cash-desk';
import { deliveryRoutes } from './delivery';
import { inventoryRoutes } from './inventory';
import { posLogRoutes } from './pos-logs';
import { realtimeRoutes } from './realtime';
import { boardRoutes } from './board';
import { counterRoutes } from './counter';
import { queueRoutes } from './queue';
import { cashierRoutes } from './cashier';
import { orderPaymentRoutes } from './order-payments';
import { referralRoutes } from './referrals';
import { staffFidelityRoutes } from './fidelity';
import { rentalSheetRoutes } from './rental-sheet';

export const staffRoutes = new Hono<AppEnv>()
  .route('/', totemRoutes)
  .route('/', totemsRoutes)
  .route('/', staffOrderRoutes)
  .route('/', cashDeskRoutes)
  .route('/', deliveryRoutes)
  .route('/', inventoryRoutes)
  .route('/', posLogRoutes)
  .route('/', realtimeRoutes)
  .route('/', boardRoutes)
  .route('/', counterRoutes)
  .route('/', queueRoutes)
  .route('/', cashierRoutes)
  .route('/', orderPaymentRoutes)
  .route('/', referralRoutes)
  .route('/', staffFidelityRoutes)
  .route('/', rentalSheetRoutes);
