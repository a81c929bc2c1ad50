/**
 * OCAPI's property selector (`select`) in its simple form: `(id,name)`, nested with `.` as in
 * `(hits.(id,name,last_modified),total)` or `(hits.id)`, and `*` / `**` for every property. A
 * selection applies to each element of an array; `_v` and `_type` are always kept, as OCAPI keeps them.
 */

/** For each kept property, the selection inside it (`true`: all of it). */
export type Selection = Map<string, Selection | true> | true;

export class SelectorError extends Error {}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*/;
const ALWAYS_KEPT = new Set(['_v', '_type']);

export function parseSelector(text: string): Selection {
  let at = 0;
  const fail = (what: string): never => {
    throw new SelectorError(`Malformed selector '${text}' at ${at}: ${what}.`);
  };
  const take = (ch: string) => {
    if (text[at] !== ch) fail(`expected '${ch}'`);
    at += 1;
  };

  /** `( item, … )` */
  function group(): Selection {
    take('(');
    const properties = new Map<string, Selection | true>();
    let all = false;
    for (;;) {
      const [name, selection] = item();
      if (name === null) all = true;
      else properties.set(name, selection);
      if (text[at] === ',') at += 1;
      else break;
    }
    take(')');
    return all ? true : properties;
  }

  /** `name`, `name.(…)`, `name.other…`, or `*` / `**` (name null: everything). */
  function item(): [string | null, Selection | true] {
    if (text.startsWith('**', at) || text[at] === '*') {
      at += text.startsWith('**', at) ? 2 : 1;
      return [null, true];
    }
    const name = IDENTIFIER.exec(text.slice(at))?.[0] ?? fail('expected a property name');
    at += name.length;
    if (text[at] !== '.') return [name, true];
    at += 1;
    if (text[at] === '(') return [name, group()];
    const [inner, selection] = item();
    return [name, inner === null ? true : new Map([[inner, selection]])];
  }

  const selection = group();
  if (at !== text.length) fail('unexpected text after the selector');
  return selection;
}

export function applySelection(value: unknown, selection: Selection | true): unknown {
  if (selection === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((element) => applySelection(element, selection));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (ALWAYS_KEPT.has(key)) out[key] = inner;
    else {
      const sub = selection.get(key);
      if (sub !== undefined) out[key] = applySelection(inner, sub);
    }
  }
  return out;
}
