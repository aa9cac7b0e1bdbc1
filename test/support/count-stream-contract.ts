import { z } from 'zod';
import { cancel, stream } from '../../shared/ipc/define';

/**
 * A stream channel for transport and registry tests: `count:run` counts up to `to` (1..5), one chunk per number,
 * and `count:cancel` stops it. Each test file spreads it into its own small contract and writes its handler.
 */
export const COUNT_STREAM_CONTRACT = {
  'count:run': stream({
    input: z.strictObject({ to: z.number().int().min(1).max(5) }),
    events: { 'count:chunk': z.object({ n: z.number() }) },
    done: z.object({ total: z.number() }),
    terminal: { done: 'count:done', error: 'count:error' },
  }),
  'count:cancel': cancel('count:run'),
};
