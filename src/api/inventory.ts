// The kiosk's inventory requests (staff side of spec §7): the shop's units, one unit with
// its history and open problems, unlocking a unit, and reading or reporting its problems. Typed by
// the contract (src/api/contract/inventory.ts) on the way in and out.
import * as z from 'zod/mini';
import {
  ExtraSpecificProductSchema,
  InventoryItemSchema,
  UnitDetailSchema,
  UnitProblemSchema,
  type ProblemRequestSchema,
  type SpecificProductsQuerySchema,
  type UnitDetail,
  type UnitProblem,
} from './contract/inventory';
import type { ApiClient } from './client';

// The one-unit answer and the problems live in the contract, which the server's presenters are typed by.
export type { UnitDetail, UnitProblem } from './contract/inventory';

const UnitListEnvelope = z.object({ data: z.array(InventoryItemSchema) });
const ExtraListEnvelope = z.object({ data: z.array(ExtraSpecificProductSchema) });
const UnitEnvelope = z.object({ data: UnitDetailSchema });
const ProblemListEnvelope = z.object({ data: z.array(UnitProblemSchema) });
const ProblemEnvelope = z.object({ data: UnitProblemSchema });

/** The list's filters (SpecificProductsQuerySchema without `extra`, which answers another shape). */
export type UnitsQuery = { status?: z.output<typeof SpecificProductsQuerySchema>['status']; q?: string; product_id?: number };
export type ProblemRequest = z.input<typeof ProblemRequestSchema>;

const unitPath = (code: string) => `v1/specific_products/${encodeURIComponent(code)}`;
const problemsPath = (unitId: number) => `v1/specific_products/${unitId}/specific_product_problems`;

/** GET v1/specific_products: the shop's units, filtered by state, product and code or model. */
export async function listUnits(api: ApiClient, query: UnitsQuery, signal?: AbortSignal) {
  return (await api.get('v1/specific_products', { query, schema: UnitListEnvelope, signal })).data;
}

/** GET v1/specific_products?extra=1: units out outside order lines (spec §3 extras). */
export async function listExtras(api: ApiClient, signal?: AbortSignal) {
  return (await api.get('v1/specific_products', { query: { extra: '1' }, schema: ExtraListEnvelope, signal })).data;
}

/** GET v1/specific_products/{code}: one unit with its history and open problems (404: not the shop's). */
export async function fetchUnit(api: ApiClient, code: string, signal?: AbortSignal): Promise<UnitDetail> {
  return (await api.get(unitPath(code), { schema: UnitEnvelope, signal })).data;
}

/** POST v1/specific_products/{code}/unlock: the problem is fixed; its open problems are resolved. */
export async function unlockUnit(api: ApiClient, code: string): Promise<UnitDetail> {
  return (await api.post(`${unitPath(code)}/unlock`, { schema: UnitEnvelope })).data;
}

/** GET v1/specific_products/{id}/specific_product_problems: every problem of the unit, newest first. */
export async function listUnitProblems(api: ApiClient, unitId: number, signal?: AbortSignal): Promise<UnitProblem[]> {
  return (await api.get(problemsPath(unitId), { schema: ProblemListEnvelope, signal })).data;
}

/** POST v1/specific_products/{id}/specific_product_problems: report a problem (locks the unit; 422 per field). */
export async function reportUnitProblem(api: ApiClient, unitId: number, body: ProblemRequest): Promise<UnitProblem> {
  return (await api.post(problemsPath(unitId), { json: body, schema: ProblemEnvelope, quiet: true })).data;
}
