// The simulated payment page is the demo's: it marks an order paid for anyone who
// clicks. Off when NODE_ENV=production unless PAYMENT_SIMULATOR=1; then online payment answers 503
// and the simulator's pages do not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~server/config';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { day } from '../support/orders';
import { call, placeOrder } from '../support/staff';

describe('payment simulator switch', () => {
  it('is on for the demo, off in production unless asked for, off anywhere on request', () => {
    const paymentSimulatorEnabled = (env: NodeJS.ProcessEnv) => loadConfig(env).paymentSimulator;
    expect(paymentSimulatorEnabled({})).toBe(true);
    expect(paymentSimulatorEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(paymentSimulatorEnabled({ NODE_ENV: 'production', PAYMENT_SIMULATOR: '1' })).toBe(true);
    expect(paymentSimulatorEnabled({ PAYMENT_SIMULATOR: '0' })).toBe(false);
  });

  describe('when off', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi(testDrivers[0]!, { paymentSimulator: false });
    }, 120_000);
    afterAll(() => api.dispose());

    it('answers 503 to a payment and 404 on the simulated page; nothing is paid', async () => {
      const order = await placeOrder(api, { from: day(20) });
      const res = await call(api, 'POST', `/api/v1/orders/${order.uuid}/payments`, undefined, { return_path: `/orders/${order.uuid}` });
      expect([res.status, res.body.message]).toEqual([503, 'Pagamento online non disponibile: paga in negozio']);
      expect((await call(api, 'GET', '/api/payments/simulator/any-session')).status).toBe(404);
      expect((await call(api, 'POST', '/api/payments/simulator/any-session', undefined, { outcome: 'paid' })).status).toBe(404);
      expect((await call(api, 'GET', `/api/v1/guest/orders/${order.uuid}`)).body.data.paid).toBe(false);
    });
  });
});
