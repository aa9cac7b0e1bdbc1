/**
 * A bounded walk over an untrusted input before schema parsing: it stops as soon as the input is larger or
 * deeper than allowed, so a huge array or a deeply nested object costs at most the budget, not its own size.
 * Sizes are estimates in the spirit of JSON (UTF-16 units for strings), which is all a budget needs.
 */
export type BudgetVerdict = 'ok' | 'too_large' | 'too_deep';

export function checkInputBudget(value: unknown, maxBytes: number, maxDepth: number): BudgetVerdict {
  let bytes = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > maxDepth) return 'too_deep';
    if (typeof node === 'string') bytes += node.length + 2;
    else if (node === null || typeof node !== 'object') bytes += 8;
    else if (ArrayBuffer.isView(node)) bytes += node.byteLength;
    else {
      const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
      for (const [key, child] of entries) {
        bytes += typeof key === 'string' ? key.length + 4 : 1;
        if (bytes > maxBytes) return 'too_large';
        stack.push([child, depth + 1]);
      }
      bytes += 2;
    }
    if (bytes > maxBytes) return 'too_large';
  }
  return 'ok';
}
