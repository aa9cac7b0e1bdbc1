import { buildRenderer } from '../harness/renderer-build';
import { ROOT } from './support/harness-process';

/**
 * The browser tests drive the page as it is built now: a build left over from before a change would test old
 * code, so the app is built once before they start (the harness itself only builds when there is no build).
 */
export default async function setup(): Promise<void> {
  const built = await buildRenderer(ROOT);
  if (!built.ok) throw new Error(built.message);
}
