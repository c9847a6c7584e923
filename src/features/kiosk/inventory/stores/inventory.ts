// The kiosk's inventory and product pages: the shop's units as the filters pick them
// (with the open problems of the locked ones, which the list answer does not carry), one unit with
// its history and problems, finding a unit by a scanned code, unlocking a unit and reporting a
// problem. Islands render these atoms and call these actions; the rules are in domain/inventory.
import { atom } from 'nanostores';
import type { ExtraSpecificProduct, InventoryItem } from '~/api/contract/inventory';
import { ApiClientError } from '~/api/client';
import {
  fetchUnit,
  listExtras,
  listUnitProblems,
  listUnits,
  reportUnitProblem,
  unlockUnit,
  type UnitDetail,
  type UnitProblem,
} from '~/api/inventory';
import {
  filterExtras,
  inventoryQuery,
  mergeProductOptions,
  normalizeUnitCode,
  NO_FILTERS,
  openProblems,
  replaceUnit,
  unitsWithProblems,
  type InventoryFilters,
  type ProductOption,
} from '~/domain/inventory';
import { loadApi } from '~/stores/api-loader';
import { errorMessage } from '~/api/errors';
import type { ShownMessage } from '~/domain/messages';

const HTTP_NOT_FOUND = 404;
const HTTP_UNPROCESSABLE = 422;
/** Problems of locked units are read this many at a time (a browser opens about six connections per host). */
export const PROBLEM_READS_AT_ONCE = 6;

export type LoadState = 'loading' | 'ready' | 'error';

/** An extra with the number of the order it is out for (read from the units out). */
export type ExtraRow = ExtraSpecificProduct & { order_number: string | null };

export interface InventoryState {
  state: LoadState;
  /** The filters of the list shown (or being read). */
  filters: InventoryFilters;
  units: InventoryItem[];
  extras: ExtraRow[];
  /** Open problems of the locked units, by unit id. */
  problems: Record<number, UnitProblem[]>;
  products: ProductOption[];
  error: ShownMessage | null;
}

const initialInventory = (): InventoryState => ({ state: 'loading', filters: NO_FILTERS, units: [], extras: [], problems: {}, products: [], error: null });

export interface ProductUnitState {
  /** missing: the API answered 404 (no unit of this shop has the code). */
  state: LoadState | 'missing';
  code: string;
  unit: UnitDetail | null;
  /** Every problem of the unit, open and resolved, newest first. */
  problems: UnitProblem[];
  error: ShownMessage | null;
}

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/** Drops a unit's history and problems: what a list row holds. */
function toItem(unit: UnitDetail): InventoryItem {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { open_problems, history, ...item } = unit;
  return item;
}

export type LookupOutcome = { found: true; code: string } | { found: false; reason: 'empty' | 'unknown' | 'error'; code: string; message: ShownMessage };

export type ProblemOutcome = { ok: true; problem: UnitProblem } | { ok: false; error: ShownMessage };

/** The inventory list and the unit page, and the list's read under way: the pages have one (below), a test makes its own. */
export function createInventory() {
  const $inventory = atom<InventoryState>(initialInventory());
  const $productUnit = atom<ProductUnitState | null>(null);
  let reading: AbortController | null = null;

  /** Open problems of these units, read a few at a time; a unit whose read fails shows none (it still reads "locked"). */
  async function readOpenProblems(units: readonly InventoryItem[], signal?: AbortSignal): Promise<Record<number, UnitProblem[]>> {
    const found: Record<number, UnitProblem[]> = {};
    const api = await loadApi();
    for (let i = 0; i < units.length; i += PROBLEM_READS_AT_ONCE) {
      const batch = units.slice(i, i + PROBLEM_READS_AT_ONCE);
      const answers = await Promise.allSettled(batch.map((u) => listUnitProblems(api, u.id, signal)));
      answers.forEach((answer, j) => {
        if (answer.status === 'fulfilled') found[batch[j]!.id] = openProblems(answer.value);
      });
      if (signal?.aborted) break;
    }
    return found;
  }

  /** Reads the list for these filters; a newer read cancels an older one still running. */
  async function loadInventory(filters: InventoryFilters = $inventory.get().filters): Promise<void> {
    reading?.abort();
    const abort = new AbortController();
    reading = abort;
    const { signal } = abort;
    $inventory.set({ ...$inventory.get(), state: 'loading', filters, error: null });
    try {
      if (filters.extra) {
        // The extras answer names the order by id only; the units out carry its number.
        const api = await loadApi();
        const [extras, out] = await Promise.all([listExtras(api, signal), listUnits(api, { status: 'out' }, signal)]);
        const numbers = new Map(out.map((u) => [u.id, u.out?.order_number ?? null]));
        if (signal.aborted) return;
        const rows = filterExtras(extras, filters.q).map((e) => ({ ...e, order_number: numbers.get(e.id) ?? null }));
        $inventory.set({ ...$inventory.get(), state: 'ready', extras: rows, units: [], problems: {}, products: mergeProductOptions($inventory.get().products, out) });
        return;
      }
      const units = await listUnits(await loadApi(), inventoryQuery(filters), signal);
      const problems = await readOpenProblems(unitsWithProblems(units), signal);
      if (signal.aborted) return;
      $inventory.set({ ...$inventory.get(), state: 'ready', units, extras: [], problems, products: mergeProductOptions($inventory.get().products, units) });
    } catch (err) {
      if (isAbort(err) || signal.aborted) return;
      $inventory.set({ ...$inventory.get(), state: 'error', error: errorMessage(err) });
    } finally {
      if (reading === abort) reading = null;
    }
  }

  /** Changes some filters and reads the list again. */
  function setInventoryFilters(change: Partial<InventoryFilters>): Promise<void> {
    return loadInventory({ ...$inventory.get().filters, ...change });
  }

  /** A newer reading of a unit goes wherever the unit is shown: its row and its page. */
  function showUnit(unit: UnitDetail, problems?: UnitProblem[]): void {
    const list = $inventory.get();
    if (list.units.some((u) => u.id === unit.id)) {
      const open = { ...list.problems };
      if (unit.open_problems.length > 0) open[unit.id] = unit.open_problems;
      else delete open[unit.id];
      $inventory.set({ ...list, units: replaceUnit(list.units, toItem(unit)), problems: open });
    }
    const page = $productUnit.get();
    if (page?.unit?.id === unit.id) $productUnit.set({ ...page, unit, problems: problems ?? page.problems });
  }

  /** Opens one unit's page: the unit with its history, and all its problems. */
  async function openProductUnit(code: string, signal?: AbortSignal): Promise<void> {
    const wanted = normalizeUnitCode(code);
    $productUnit.set({ state: 'loading', code: wanted, unit: null, problems: [], error: null });
    try {
      const api = await loadApi();
      const unit = await fetchUnit(api, wanted, signal);
      const problems = await listUnitProblems(api, unit.id, signal);
      $productUnit.set({ state: 'ready', code: unit.internal_code, unit, problems, error: null });
    } catch (err) {
      if (isAbort(err)) return;
      const missing = err instanceof ApiClientError && err.status === HTTP_NOT_FOUND;
      $productUnit.set({ state: missing ? 'missing' : 'error', code: wanted, unit: null, problems: [], error: errorMessage(err) });
    }
  }

  /** Finds a scanned or typed code in the shop: its code as stored, or why not (the server's 404 message). */
  async function lookupUnit(text: string): Promise<LookupOutcome> {
    const code = normalizeUnitCode(text);
    if (!code) return { found: false, reason: 'empty', code, message: '' };
    try {
      const unit = await fetchUnit(await loadApi(), code);
      return { found: true, code: unit.internal_code };
    } catch (err) {
      const unknown = err instanceof ApiClientError && err.status === HTTP_NOT_FOUND;
      return { found: false, reason: unknown ? 'unknown' : 'error', code, message: errorMessage(err) };
    }
  }

  /** Unlocks a unit (its problem is fixed): its open problems are resolved and it can go out again. */
  async function unlockInventoryUnit(code: string): Promise<UnitDetail> {
    const unit = await unlockUnit(await loadApi(), code);
    const page = $productUnit.get();
    // The page lists resolved problems too: read them again so the one just resolved says so.
    const problems = page?.unit?.id === unit.id ? await loadApi().then((api) => listUnitProblems(api, unit.id)).catch(() => undefined) : undefined;
    showUnit(unit, problems);
    return unit;
  }

  /**
   * Reports a problem on a unit (the API locks it). The server validates the description: its 422
   * message for the field comes back to be shown under it. The unit is then read again everywhere.
   */
  async function reportProblem(unit: { id: number; internal_code: string }, description: string): Promise<ProblemOutcome> {
    let problem: UnitProblem;
    try {
      problem = await reportUnitProblem(await loadApi(), unit.id, { description });
    } catch (err) {
      if (err instanceof ApiClientError && err.status === HTTP_UNPROCESSABLE) {
        return { ok: false, error: err.errors.description?.[0] ?? err.message };
      }
      return { ok: false, error: errorMessage(err) };
    }
    try {
      const api = await loadApi();
      const [fresh, problems] = await Promise.all([fetchUnit(api, unit.internal_code), listUnitProblems(api, unit.id)]);
      showUnit(fresh, problems);
    } catch {
      // Reported all the same; the next reading of the list or the page shows the lock.
    }
    return { ok: true, problem };
  }

  return { $inventory, $productUnit, loadInventory, setInventoryFilters, openProductUnit, lookupUnit, unlockInventoryUnit, reportProblem };
}

export const { $inventory, $productUnit, loadInventory, setInventoryFilters, openProductUnit, lookupUnit, unlockInventoryUnit, reportProblem } = createInventory();
