// Multipart forms in bracket notation, as a Laravel-style backend reads them:
// `cart[0][prices][1]=12` becomes `{ cart: [{ prices: [, '12'] }] }`.
//
// The keys are the client's, so they are hostile until proven otherwise: a key such as
// `hasOwnProperty[call]` once walked into `Object.prototype.hasOwnProperty` and replaced its `call`
// for the whole process. The tree is therefore built from null-prototype objects, only own
// properties are descended into, segments are `[A-Za-z0-9_]+`, only the form's known top-level names
// are kept, and the number of fields and the depth of keys are checked before anything is built.
import { OrderFormSchema } from '~/api/contract/order-form';
import { ApiError } from './errors';

export type FormValue = string | File | FormTree | FormValue[];
export interface FormTree {
  [key: string]: FormValue;
}

export interface FormLimits {
  /** Top-level names the form may carry; any other field is ignored (like client-side totals). */
  names?: Iterable<string>;
  /** Most fields a form may have, known or not. */
  maxFields?: number;
}

/**
 * Above the largest order form the contract accepts: 50 cart lines of 10 prices and 6 customer
 * fields, 10 documents of 4 fields and 15 scalars (855 fields).
 */
export const MAX_FORM_FIELDS = 1000;
/** Segments of a key, name included: `cart[0][customer][first_name]` has 4. */
export const MAX_KEY_DEPTH = 6;
const MAX_KEY_LENGTH = 200;
const MAX_INDEX = 200;
const KEY = /^[A-Za-z0-9_]+(?:\[[A-Za-z0-9_]+\])*$/;
const INDEX = /^\d+$/;

/** The top-level names of the order form (the only form read in bracket notation today). */
const ORDER_FORM_NAMES: readonly string[] = Object.keys(OrderFormSchema.shape);

const invalidForm = () => new ApiError(422, 'api.invalidData', {}, { _: [{ key: 'api.invalidForm' }] });
const tooManyFields = () => new ApiError(422, 'api.invalidData', {}, { _: [{ key: 'api.tooLarge' }] });

/**
 * The request's body as FormData. One the parser cannot read is a 422 "not readable"; a refusal
 * raised while the body streams (the part counter's "too large", ./body-limit.ts) keeps its own
 * answer, which over Node's server reaches the parser as the stream's error.
 */
export async function readFormData(c: { req: { formData(): Promise<FormData> } }): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw invalidForm();
  }
}

type Node = FormTree | FormValue[];

/**
 * Builds a nested object; numeric segments make arrays. Unknown top-level names are ignored; a
 * malformed or too deep key, or too many fields, is a 422 before anything is built.
 */
export function formToTree(entries: Iterable<[string, FormDataEntryValue]>, limits: FormLimits = {}): FormTree {
  const names = new Set(limits.names ?? ORDER_FORM_NAMES);
  const maxFields = limits.maxFields ?? MAX_FORM_FIELDS;

  // 1. Read and check every key, without building anything.
  const accepted: [string[], string | File][] = [];
  let count = 0;
  for (const [key, value] of entries) {
    if (++count > maxFields) throw tooManyFields();
    if (key.length > MAX_KEY_LENGTH || depthOf(key) > MAX_KEY_DEPTH) throw invalidForm();
    const bracket = key.indexOf('[');
    const name = bracket === -1 ? key : key.slice(0, bracket);
    if (!names.has(name)) continue;
    if (!KEY.test(key)) throw invalidForm();
    const parts = bracket === -1 ? [key] : [name, ...key.slice(bracket + 1, -1).split('][')];
    accepted.push([parts, value]);
  }

  // 2. Build from objects without a prototype, descending only into own properties.
  const root: FormTree = Object.create(null) as FormTree;
  for (const [parts, value] of accepted) {
    let node: Node = root;
    for (let i = 0; i < parts.length; i++) {
      const part = slot(node, parts[i]!);
      const container = node as unknown as Record<string | number, FormValue>;
      if (i === parts.length - 1) {
        container[part] = value;
        break;
      }
      const existing = Object.hasOwn(container, part) ? container[part] : undefined;
      if (existing === undefined || typeof existing === 'string' || existing instanceof File) {
        container[part] = INDEX.test(parts[i + 1]!) ? [] : (Object.create(null) as FormTree);
      }
      node = container[part] as Node;
    }
  }
  return compact(root) as FormTree;
}

/** `[` count plus one, without a regex or a split over a possibly huge key. */
function depthOf(key: string): number {
  let depth = 1;
  for (let i = key.indexOf('['); i !== -1; i = key.indexOf('[', i + 1)) depth++;
  return depth;
}

/** An array takes only small indexes; an object takes any checked segment as an own property. */
function slot(node: Node, part: string): string | number {
  if (!Array.isArray(node)) return part;
  if (!INDEX.test(part) || Number(part) > MAX_INDEX) throw invalidForm();
  return Number(part);
}

// Sparse arrays (cart[0], cart[2]) become dense so indexes in error fields follow the list; objects
// become plain ones with own data properties only (Object.fromEntries never invokes a setter).
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === 'string' || value instanceof File) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}
