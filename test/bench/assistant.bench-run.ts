import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { ASSISTANT } from '../../shared/limits';
import { startGeminiDouble, stream, textChunk } from '../doubles/gemini-double';
import { callsReply, createAssistantKit } from '../support/assistant/assistant-kit';
import { VALID_KEY } from '../support/gateway-test-kit';
import { openBenchDesk } from './bench-desk';
import { percentile, record } from './measure';

const QUESTIONS = 200;
const WARM_UP = 20;
const TIME_CALL = { name: 'get_server_time', args: {} };
/** Fewer than QUESTIONS: the core's clock moves 3 s a question, and the member's sign-in lasts 10 minutes. */
const FIRST_CHUNKS = 100;

it('measures the assistant loop overhead on a 4-step tool loop', async () => {
  const double = await startGeminiDouble({ validKeys: [VALID_KEY] });
  try {
    const kit = await createAssistantKit(double);
    const ask = async () => {
      double.reset();
      double.script(
        'streamGenerateContent',
        ...Array.from({ length: ASSISTANT.maxToolSteps }, (_, index) => callsReply([{ ...TIME_CALL, id: `t${index}` }])),
        stream([textChunk('It is noon in Ulaanbaatar.', { finishReason: 'STOP' })]),
      );
      // A new minute for every question: the bench measures the loop, not the rate limit.
      kit.clock.advance(ASSISTANT.rateLimitWindowMs + 1);
      const start = performance.now();
      const { result } = await kit.chat('What time is it? Check four times.');
      const total = performance.now() - start;
      expect(result).toMatchObject({ ok: true, value: { steps: Array(ASSISTANT.maxToolSteps).fill(expect.anything()) } });
      // Everything but the network: the double's own time serving each request is taken out.
      const served = double.requests.reduce((sum, request) => sum + (request.endedAt! - request.startedAt), 0);
      return total - served;
    };

    for (let i = 0; i < WARM_UP; i++) await ask();
    const overheads: number[] = [];
    for (let i = 0; i < QUESTIONS; i++) overheads.push(await ask());
    record({ name: 'assistant_overhead_ms_p50', value: percentile(overheads, 50), target: '<= 10' });
  } finally {
    await double.close();
  }
});

it('measures how long the first chunk takes from the double to a subscriber of the renderer side', async () => {
  const { double, api, nextQuestion, close } = await openBenchDesk();
  try {
    const delays: number[] = [];
    for (let i = 0; i < WARM_UP + FIRST_CHUNKS; i++) {
      double.reset();
      double.script('streamGenerateContent', stream([textChunk('Hello, '), textChunk('Ana.', { finishReason: 'STOP' })]));
      const firstChunkAt = new Promise<number>((resolve) => {
        const stop = api.onStream('assistant:chat', (event) => {
          if (event.kind !== 'progress') return;
          stop();
          resolve(performance.now());
        });
      });
      const ended = new Promise<void>((resolve) => {
        const stop = api.onStream('assistant:chat', (event) => {
          if (event.kind === 'progress') return;
          stop();
          resolve();
        });
      });
      const started = await api.assistant.chat({ message: 'Hi', history: [], lang: 'en' });
      if (!started.ok) throw new Error(JSON.stringify(started.error));
      const received = await firstChunkAt;
      await ended;
      // Stamped as the double opens the stream, just before it writes the first chunk: if anything, this overstates.
      const sent = double.requestsFor('streamGenerateContent')[0]!.firstByteAt!;
      if (i >= WARM_UP) delays.push(received - sent);
      nextQuestion();
    }
    record({ name: 'assistant_first_chunk_delay_ms', value: percentile(delays, 50), target: '<= 5' });
  } finally {
    await close();
  }
});
