import { err, type Err } from '../../../shared/result';

/**
 * A bounded walk over an untrusted input before schema parsing: it stops as soon as the input is larger or
 * deeper than allowed, so a huge array or a deeply nested object costs at most the budget, not its own size.
 * Sizes are estimates in the spirit of JSON (UTF-16 units for strings), which is all a budget needs. Electron's
 * IPC carries anything structured clone does, so binary data, Maps and Sets count too: whatever shape carries
 * the bytes, a large input gets the one answer, TOO_LARGE.
 */
export type BudgetVerdict = 'ok' | 'too_large' | 'too_deep';

/** The one refusal of an input (or a socket frame) over the budget, whichever transport it came by. */
export function requestTooLarge(): Err {
  return err('TOO_LARGE', 'The request is too large.');
}

function* membersOf(set: Set<unknown>): Generator<readonly [null, unknown]> {
  for (const member of set) yield [null, member];
}

/** [key, child] for objects and arrays, a Map's entries, a Set's members: read lazily, as the walk goes. */
function entriesOf(node: object): Iterable<readonly [unknown, unknown]> {
  if (node instanceof Map) return node.entries();
  if (node instanceof Set) return membersOf(node);
  return Array.isArray(node) ? node.entries() : Object.entries(node);
}

export function checkInputBudget(value: unknown, maxBytes: number, maxDepth: number): BudgetVerdict {
  let bytes = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > maxDepth) return 'too_deep';
    if (typeof node === 'string') bytes += node.length + 2;
    else if (node === null || typeof node !== 'object') bytes += 8;
    else if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer || node instanceof SharedArrayBuffer) bytes += node.byteLength;
    else {
      const isMap = node instanceof Map;
      for (const [key, child] of entriesOf(node)) {
        // A Map's keys may be anything, so they are walked like its values; every entry costs at least a byte.
        if (isMap) stack.push([key, depth + 1]);
        bytes += typeof key === 'string' && !isMap ? key.length + 4 : 1;
        if (bytes > maxBytes) return 'too_large';
        stack.push([child, depth + 1]);
      }
      bytes += 2;
    }
    if (bytes > maxBytes) return 'too_large';
  }
  return 'ok';
}
