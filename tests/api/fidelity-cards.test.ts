// Fidelity cards hardened: random check-digited numbers for new cards, every route that
// takes a card number on the fidelity_card/info limit, and a card claimed by one account only.
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isPlausibleFidelityCardNumber, FIDELITY_CARD_DIGITS } from '~/domain/fidelity';
import { FIDELITY_LOOKUP_RULE, issueFidelityCard } from '~server/fidelity/cards';
import { clientAddress } from '~server/http/client-address';
import { fidelityCards, users } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { day, productId } from '../support/orders';
import { answer, refusal } from '../support/contract';
import { FidelityInfoResponseSchema } from '~/api/contract/fidelity';
import { LoginResponseSchema } from '~/api/contract/user';

describe.each(testDrivers)('fidelity cards on $name', (driver) => {
  const api = seededApi(driver, { poolSize: 10 });
  // Each test starts with a fresh count for this (test) address.
  beforeEach(() => api.deps.limiter.reset(`fidelity:ip:${clientAddress(undefined, undefined, 0)}`));

  const signup = async (username: string, card?: string) =>
    api.request('/api/v1/signup', {
      method: 'POST',
      json: { first_name: 'Eva', last_name: 'Neri', username, password: 'Password-123', password_confirmation: 'Password-123', fidelity_card_number: card },
    });
  const tokenOf = async (res: Response) => (await answer(res, LoginResponseSchema)).data.token;

  it('issues random numbers with a check digit, never sequential', async () => {
    const a = await issueFidelityCard(api.deps.database.db, { holderName: 'Anna Verdi' });
    const b = await issueFidelityCard(api.deps.database.db, { holderName: 'Bruno Gialli' });
    for (const card of [a, b]) {
      expect(card.number).toMatch(new RegExp(`^\\d{${FIDELITY_CARD_DIGITS}}$`));
      expect(isPlausibleFidelityCardNumber(card.number)).toBe(true);
    }
    expect(a.number).not.toBe(b.number);
    expect(Math.abs(Number(a.number) - Number(b.number))).toBeGreaterThan(1000);
    // The new card answers the public lookup, also typed in groups of four.
    const grouped = a.number.replace(/(\d{4})(?=\d)/g, '$1 ');
    const info = await api.request(`/api/v1/fidelity_card/info?fidelity_card_number=${encodeURIComponent(grouped)}`);
    expect(await answer(info, FidelityInfoResponseSchema)).toEqual({ data: { valid: true, discount: 0.1, holder_initials: 'A.V.' } });
  });

  it('limits the card number of v1/products/{id}/price, v1/shops/{id} and fidelity_card/info on one count', async () => {
    const id = productId(api, 1, 'CIASPOLE');
    const range = `from=${day(40)}&to=${day(41)}`;
    const urls = [
      `/api/v1/products/${id}/price?${range}&fidelity_card_number=FID-${'1'.padStart(4, '0')}`,
      `/api/v1/shops/1?${range}&fidelity_card_number=FID-0002`,
      `/api/v1/shops/slug/${api.deps.catalogue.shopById(1)!.row.slug}?${range}&fidelity_card_number=FID-0003`,
      '/api/v1/fidelity_card/info?fidelity_card_number=FID-0004',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < FIDELITY_LOOKUP_RULE.limit; i++) statuses.push((await api.request(urls[i % urls.length]!)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const url of urls) {
      const res = await api.request(url);
      expect(res.status).toBe(429);
      expect((await refusal(res)).message).toMatch(/Troppi tentativi/);
    }
    // Without a card number the catalogue is not limited.
    expect((await api.request(`/api/v1/shops/1?${range}`)).status).toBe(200);
    expect((await api.request(`/api/v1/products/${id}/price?${range}`)).status).toBe(200);
  });

  it('lets one account claim a free card, never two at once (signup and profile)', async () => {
    const card = await issueFidelityCard(api.deps.database.db, { holderName: 'Carla Blu' });
    const [p, q] = await Promise.all([signup('claim.p@example.com'), signup('claim.q@example.com')]);
    const tokens = [await tokenOf(p), await tokenOf(q)];
    const answers = await Promise.all(
      tokens.map((token) => api.request('/api/v1/user', { method: 'PATCH', token, json: { fidelity_card_number: card.number } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const loser = answers.find((r) => r.status === 422)!;
    expect((await refusal(loser)).errors).toEqual({ fidelity_card_number: ['Carta fedeltà non trovata'] });
    const winner = answers.findIndex((r) => r.status === 200);
    const holders = await api.deps.database.db.select().from(users).where(eq(users.fidelityCardNumber, card.number));
    expect(holders.map((u) => u.username)).toEqual([['claim.p@example.com', 'claim.q@example.com'][winner]]);
    const [row] = await api.deps.database.db.select().from(fidelityCards).where(eq(fidelityCards.id, card.id));
    expect(row!.userId).toBe(holders[0]!.id);
    // The holder may set it again; the other account still may not, nor log in with it.
    expect((await api.request('/api/v1/user', { method: 'PATCH', token: tokens[winner]!, json: { fidelity_card_number: card.number } })).status).toBe(200);
    const other = `claim.${winner === 0 ? 'q' : 'p'}@example.com`;
    const login = await api.request('/api/v1/login', { method: 'POST', json: { username: other, password: 'Password-123', bocard: card.number } });
    expect(login.status).toBe(422);

    // Two signups racing for another free card: one account gets it, the other is not created.
    const next = await issueFidelityCard(api.deps.database.db, { holderName: 'Dario Rosa' });
    const raced = await Promise.all([signup('race.a@example.com', next.number), signup('race.b@example.com', next.number)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 422]);
    const created = await api.deps.database.db.select().from(users).where(eq(users.fidelityCardNumber, next.number));
    expect(created).toHaveLength(1);
    const [claimed] = await api.deps.database.db.select().from(fidelityCards).where(eq(fidelityCards.id, next.id));
    expect(claimed!.userId).toBe(created[0]!.id);
    const names = ['race.a@example.com', 'race.b@example.com'];
    const lost = names.find((n) => n !== created[0]!.username)!;
    expect(await api.deps.database.db.select().from(users).where(eq(users.username, lost))).toEqual([]);
  });
  it('counts card numbers tried through the profile on the same limit, and frees the card a customer changes', async () => {
    const first = await issueFidelityCard(api.deps.database.db, { holderName: 'Elsa Viola' });
    const second = await issueFidelityCard(api.deps.database.db, { holderName: 'Elsa Viola' });
    const token = await tokenOf(await signup('profile.card@example.com'));
    const patch = (number: string) => api.request('/api/v1/user', { method: 'PATCH', token, json: { fidelity_card_number: number } });
    expect((await patch(first.number)).status).toBe(200);
    // Changing the card lets go of the old one: another account can claim it.
    expect((await patch(second.number)).status).toBe(200);
    const [old] = await api.deps.database.db.select().from(fidelityCards).where(eq(fidelityCards.id, first.id));
    expect(old!.userId).toBeNull();
    const other = await tokenOf(await signup('profile.other@example.com'));
    expect((await api.request('/api/v1/user', { method: 'PATCH', token: other, json: { fidelity_card_number: first.number } })).status).toBe(200);
    // Guessing numbers through the profile meets the lookup limit like any other card lookup.
    const statuses: number[] = [];
    for (let i = 0; i < FIDELITY_LOOKUP_RULE.limit; i++) statuses.push((await patch(`FID-${String(9000 + i)}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 422).length).toBeLessThan(FIDELITY_LOOKUP_RULE.limit);
  });
});
