// Every route of the API, documented: one table per resource. tests/api/openapi.test.ts checks that
// this list and the routes the Hono app registers are the same, both ways.
import type { TaggedOperation } from '../operation';
import { accountOperations } from './account';
import { catalogueOperations } from './catalogue';
import { checkoutOperations } from './checkout';
import { orderOperations, simulatorOperations, stripeOperations } from './orders';
import { kioskOperations } from './kiosk';
import { referralOperations } from './referrals';
import { counterOperations } from './counter';
import { cashDeskOperations } from './cash-desk';
import { docsOperations } from './docs';
import { operationsOperations } from './operations';

export type DocumentedOperation = TaggedOperation;

export const API_OPERATIONS: readonly DocumentedOperation[] = [
  ...operationsOperations,
  ...catalogueOperations,
  ...accountOperations,
  ...orderOperations,
  ...checkoutOperations,
  ...kioskOperations,
  ...referralOperations,
  ...counterOperations,
  ...cashDeskOperations,
  ...stripeOperations,
  ...simulatorOperations,
  ...docsOperations,
];
