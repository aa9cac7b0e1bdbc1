/** Calls `callback` every `ms` until the returned function is called: the page's clock for the capture's meters. */
export function every(ms: number, callback: () => void): () => void {
  const id = window.setInterval(callback, ms);
  return () => window.clearInterval(id);
}
