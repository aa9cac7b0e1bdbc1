import { describe, expect, it } from 'vitest';
import { ASSISTANT } from '../../../shared/limits';
import { stream, textChunk, textReply } from '../../../test/doubles/gemini-double';
import { useGeminiDouble } from '../../../test/support/gateway-test-kit';
import {
  callsReply,
  createAssistantKit,
  declaredTools,
  functionResponsesOf,
  signatureFor,
} from '../../../test/support/assistant/assistant-kit';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';

const gemini = useGeminiDouble();

const TIME_CALL = { name: 'get_server_time', args: {}, id: 'call-time-1' };

describe('G1 the loop: the model calls a tool, gets its result, and answers', () => {
  it('runs the call, then sends the model turn back unchanged (thought signature included) and one functionResponse turn', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', callsReply([TIME_CALL]), textReply('It is noon in Ulaanbaatar.'));

    const { result } = await kit.chat('What time is it in Ulaanbaatar?');

    expect(result).toMatchObject({ ok: true, value: { answer: 'It is noon in Ulaanbaatar.', degraded: false, incomplete: false } });
    const [first, second] = kit.modelRequests();
    expect(first!.contents).toEqual([{ role: 'user', parts: [{ text: 'What time is it in Ulaanbaatar?' }] }]);
    expect(second!.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [{ functionCall: { id: 'call-time-1', name: 'get_server_time', args: {} }, thoughtSignature: signatureFor(TIME_CALL) }],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: 'call-time-1',
              name: 'get_server_time',
              response: { output: expect.objectContaining({ server: expect.objectContaining({ time: '12:00', timeZone: 'Asia/Ulaanbaatar' }) }) },
            },
          },
        ],
      },
    ]);
  });

  it('answers every call of a turn in ONE user turn, in the order of the calls', async () => {
    const kit = await createAssistantKit(gemini.double);
    const calls = [
      { name: 'get_server_time', args: {}, id: 'a' },
      { name: 'search_knowledge', args: { query: 'vpn' }, id: 'b' },
    ];
    gemini.double.script('streamGenerateContent', callsReply(calls), textReply('Done.'));

    await kit.chat('Time, and how do I get VPN access?');

    const second = kit.modelRequests()[1]!;
    expect(second.contents).toHaveLength(3);
    expect(functionResponsesOf(second).map((response) => [response.id, response.name])).toEqual([
      ['a', 'get_server_time'],
      ['b', 'search_knowledge'],
    ]);
  });

  it('shows each step as it finishes, in order, before the answer that uses them', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      callsReply([{ name: 'get_server_time', args: {} }]),
      callsReply([{ name: 'search_knowledge', args: { query: 'vpn' } }]),
      stream([textChunk('All '), textChunk('done.', { finishReason: 'STOP' })]),
    );

    const { events, result } = await kit.chat('What time is it, and how do I get VPN access?');

    expect(events.map((event) => (event.kind === 'step' ? `step:${event.step.tool}` : `chunk:${event.text}`))).toEqual([
      'step:get_server_time',
      'step:search_knowledge',
      'chunk:All ',
      'chunk:done.',
    ]);
    expect(result).toMatchObject({ ok: true, value: { steps: [{ tool: 'get_server_time', ok: true }, { tool: 'search_knowledge', ok: true }] } });
  });

  it('keeps the text the model wrote before a call, and separates it from the answer by a blank line', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', callsReply([TIME_CALL], { textBefore: 'Let me check the clock.' }), textReply('It is noon.'));

    const { chunks, result } = await kit.chat('What time is it?');

    expect(chunks).toEqual(['Let me check the clock.', '\n\n', 'It is noon.']);
    expect(result).toMatchObject({ ok: true, value: { answer: 'Let me check the clock.\n\nIt is noon.' } });
  });

  it('asks with the assistant model, 4 attempts, its timeout and output budget', async () => {
    const kit = await createAssistantKit(gemini.double);
    const { result } = await kit.chat('Hello');
    expect(result).toMatchObject({ ok: true, value: { model: 'gemini-3.8-flash' } });
    expect(kit.streamCalls).toEqual([
      expect.objectContaining({
        model: 'gemini-3.8-flash',
        attempts: ASSISTANT_ATTEMPTS,
        timeoutMs: ASSISTANT.modelTimeoutMs,
        generation: { maxOutputTokens: ASSISTANT.maxOutputTokens },
      }),
    ]);
    expect(ASSISTANT_ATTEMPTS).toBe(4);
  });

  it('measures duration_ms on the injected clock', async () => {
    const kit = await createAssistantKit(gemini.double, { modelLatencyMs: 700 });
    gemini.double.script('streamGenerateContent', callsReply([TIME_CALL]), textReply('Noon.'));
    expect(await kit.chat('Time?')).toMatchObject({ result: { ok: true, value: { duration_ms: 1400 } } });
  });
});

describe('G1 contents: the last 20 turns of the conversation, then the new message', () => {
  it('sends the history as user and model turns, oldest dropped beyond 20', async () => {
    const kit = await createAssistantKit(gemini.double);
    const history = Array.from({ length: 26 }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `turn ${index + 1}`,
    }));

    await kit.chat('And now?', { history });

    const { contents } = kit.modelRequests()[0]!;
    expect(contents).toHaveLength(ASSISTANT.historyMaxTurns + 1);
    expect(contents[0]).toEqual({ role: 'user', parts: [{ text: 'turn 7' }] });
    expect(contents[1]).toEqual({ role: 'model', parts: [{ text: 'turn 8' }] });
    expect(contents.at(-2)).toEqual({ role: 'model', parts: [{ text: 'turn 26' }] });
    expect(contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'And now?' }] });
  });

  it('puts a voice question inline in the user turn, with or without words', async () => {
    const kit = await createAssistantKit(gemini.double);
    const audio = { mimeType: 'audio/webm;codecs=opus', data: 'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibQ==' };

    await kit.chat('', { audio });
    await kit.chat('Translate this', { audio });

    const [spoken, both] = kit.modelRequests();
    expect(spoken!.contents.at(-1)).toEqual({ role: 'user', parts: [{ inlineData: audio }] });
    expect(both!.contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'Translate this' }, { inlineData: audio }] });
  });
});

describe('G1 at most 4 rounds of tool calls, then an answer', () => {
  it('runs 4 rounds for a model that keeps calling, then asks a 5th time with calls forbidden and takes that as the answer', async () => {
    const kit = await createAssistantKit(gemini.double);
    const rounds = Array.from({ length: ASSISTANT.maxToolSteps + 1 }, (_, index) => callsReply([{ ...TIME_CALL, id: `t${index}` }]));
    gemini.double.script('streamGenerateContent', ...rounds.slice(0, ASSISTANT.maxToolSteps), textReply('Enough checking: it is noon.'));

    const { result, steps } = await kit.chat('What time is it? Check carefully.');

    const requests = kit.modelRequests();
    expect(requests).toHaveLength(ASSISTANT.maxToolSteps + 1);
    expect(requests.slice(0, -1).map(declaredTools)).toEqual(Array(ASSISTANT.maxToolSteps).fill(['search_knowledge', 'get_server_time']));
    // The tools stay declared (the conversation holds calls to them) but the model may call none of them.
    expect(requests.at(-1)!.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(requests.slice(0, -1).map((request) => request.toolConfig)).toEqual(Array(ASSISTANT.maxToolSteps).fill(undefined));
    expect(steps).toHaveLength(ASSISTANT.maxToolSteps);
    expect(result).toMatchObject({ ok: true, value: { answer: 'Enough checking: it is noon.', degraded: false } });
  });
});

describe('G8 the answer streams as it is generated', () => {
  it('hands on each piece of text as its own chunk, and the answer is their sum', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk('Hel'), textChunk('lo, '), textChunk('Ana.', { finishReason: 'STOP' })]));

    const { chunks, result } = await kit.chat('Hi');

    expect(chunks).toEqual(['Hel', 'lo, ', 'Ana.']);
    expect(result).toMatchObject({ ok: true, value: { answer: 'Hello, Ana.' } });
  });
});

describe('G1 cancel: the member stops the request', () => {
  it('stops at once after the step in flight: no further tool runs and no further model call', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      callsReply([
        { name: 'get_server_time', args: {} },
        { name: 'search_knowledge', args: { query: 'vpn' } },
      ]),
    );
    const cancel = new AbortController();

    const { result, steps } = await kit.chat('Time and VPN?', {
      signal: cancel.signal,
      onEvent: (event) => event.kind === 'step' && cancel.abort(),
    });

    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'cancelled' } });
    expect(steps.map((step) => step.tool)).toEqual(['get_server_time']);
    expect(kit.modelRequests()).toHaveLength(1);
    expect(kit.requests().filter((request) => request.action === 'batchEmbedContents')).toEqual([]);
  });

  it('ends a streaming answer with the cancel, not with a half answer', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk('One, '), textChunk('two, '), textChunk('three.')], { chunkDelayMs: 50 }));
    const cancel = new AbortController();

    const { result, chunks } = await kit.chat('Count', { signal: cancel.signal, onEvent: () => cancel.abort() });

    expect(result).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect(chunks).toEqual(['One, ']);
  });
});
