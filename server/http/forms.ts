// Multipart forms in bracket notation, as a Laravel-style backend reads them:
// `cart[0][prices][1]=12` becomes `{ cart: [{ prices: [, '12'] }] }`.
export type FormValue = string | File | FormTree | FormValue[];
export interface FormTree {
  [key: string]: FormValue;
}

const MAX_INDEX = 200;

function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const parts = [match[1]!];
  for (const m of match[2]!.matchAll(/\[([^[\]]*)\]/g)) parts.push(m[1]!);
  return parts;
}

/** Builds a nested object; numeric segments make arrays. Malformed or abusive keys are ignored. */
export function formToTree(entries: Iterable<[string, FormDataEntryValue]>): FormTree {
  const root: FormTree = {};
  for (const [key, value] of entries) {
    const parts = splitKey(key);
    if (!parts || parts.length > 6) continue;
    let node: FormTree | FormValue[] = root;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      let part: string | number = parts[i]!;
      const last = i === parts.length - 1;
      if (Array.isArray(node)) {
        if (part === '') part = node.length;
        else if (/^\d+$/.test(part) && Number(part) <= MAX_INDEX) part = Number(part);
        else {
          ok = false;
          break;
        }
      } else if (part === '' || part === '__proto__' || part === 'constructor' || part === 'prototype') {
        ok = false;
        break;
      }
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[part] = value as string | File;
      } else {
        const nextIsIndex = /^\d*$/.test(parts[i + 1]!);
        const existing = container[part];
        if (existing === undefined || typeof existing === 'string' || existing instanceof File) {
          container[part] = nextIsIndex ? [] : {};
        }
        node = container[part] as FormTree | FormValue[];
      }
    }
    void ok;
  }
  return compact(root) as FormTree;
}

// Sparse arrays (cart[0], cart[2]) become dense so indexes in error fields follow the list.
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === 'string' || value instanceof File) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}
