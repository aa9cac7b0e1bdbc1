import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistantChatInputSchema, DEGRADED_ANSWER, type AssistantDone } from '../../../shared/assistant';
import type { Lang } from '../../../shared/lang';
import { functionCallReply, status, stream, textChunk } from '../../../test/doubles/gemini-double';
import { ANA, callsReply, createAssistantKit, type AssistantKit } from '../../../test/support/assistant/assistant-kit';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import type { TestCore } from '../../../test/support/test-core';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';

/*
 * V1: a voice question is one model call that hears the recording, writes what was said, and answers it. The
 * transcript reaches the member before the answer's first chunk; tools, the language rule and the fallback work
 * as for a written question.
 */

const gemini = useGeminiDouble();

const AUDIO = { mimeType: 'audio/webm;codecs=opus', data: 'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibQ==' };
const SPOKEN = '¿Qué hora es en Ulán Bator?';

type Shown = { kind: 'transcript' | 'chunk'; text: string } | { kind: 'step'; tool: string };

/** Asks by voice through the Assistant, recording what the member is shown, in order. */
async function askByVoice(kit: AssistantKit, options: { lang?: Lang; message?: string } = {}) {
  const shown: Shown[] = [];
  const input = assistantChatInputSchema.parse({ message: options.message ?? '', history: [], lang: options.lang ?? 'en', audio: AUDIO });
  const result = await kit.assistant.chat(input, {
    member: ANA,
    signal: new AbortController().signal,
    emitTranscript: (text) => shown.push({ kind: 'transcript', text }),
    emitChunk: (text) => shown.push({ kind: 'chunk', text }),
    emitStep: (step) => shown.push({ kind: 'step', tool: step.tool }),
  });
  const chunks = shown.flatMap((event) => (event.kind === 'chunk' ? [event.text] : []));
  return { result, shown, chunks };
}

describe('V1 one model call hears the question and answers it', () => {
  it('sends the recording inline with its MIME type in the user turn, in the one and only model call', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk(`<transcript>${SPOKEN}</transcript>\n`), textChunk('It is noon.', { finishReason: 'STOP' })]));

    const { result } = await askByVoice(kit);

    const requests = kit.modelRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.contents).toEqual([{ role: 'user', parts: [{ inlineData: AUDIO }] }]);
    expect(result).toMatchObject({ ok: true, value: { transcript: SPOKEN, answer: 'It is noon.', degraded: false, incomplete: false } });
  });

  it('shows the transcript before the first chunk, and the tags never reach the chunks or the answer, however they are split', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      stream([
        textChunk('<trans'),
        textChunk('cript>¿Qué hora es '),
        textChunk('en Ulán Bator?</tr'),
        textChunk('anscript>'),
        textChunk('\nIt is '),
        textChunk('noon.', { finishReason: 'STOP' }),
      ]),
    );

    const { result, shown } = await askByVoice(kit);

    expect(shown).toEqual([
      { kind: 'transcript', text: SPOKEN },
      { kind: 'chunk', text: 'It is ' },
      { kind: 'chunk', text: 'noon.' },
    ]);
    expect(result).toMatchObject({ ok: true, value: { transcript: SPOKEN, answer: 'It is noon.' } });
  });

  it('reads the transcript where the words begin when the model calls a tool first, and runs the tool as usual', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      callsReply([{ name: 'get_server_time', args: {}, id: 'time-1' }]),
      stream([textChunk(`<transcript>${SPOKEN}</transcript>`), textChunk('It is noon.', { finishReason: 'STOP' })]),
    );

    const { result, shown } = await askByVoice(kit);

    expect(shown).toEqual([
      { kind: 'step', tool: 'get_server_time' },
      { kind: 'transcript', text: SPOKEN },
      { kind: 'chunk', text: 'It is noon.' },
    ]);
    expect(result).toMatchObject({ ok: true, value: { transcript: SPOKEN, answer: 'It is noon.', steps: [{ tool: 'get_server_time', ok: true }] } });
    // The recording stays the question the model answers in the round after the call.
    expect(kit.modelRequests()[1]!.contents[0]).toEqual({ role: 'user', parts: [{ inlineData: AUDIO }] });
  });

  it('shows the transcript once when the answer after a tool call repeats it', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      callsReply([{ name: 'get_server_time', args: {} }], { textBefore: `<transcript>${SPOKEN}</transcript>Let me check.` }),
      stream([textChunk(`<transcript>${SPOKEN}</transcript>\n`), textChunk('It is noon.', { finishReason: 'STOP' })]),
    );

    const { result, shown } = await askByVoice(kit);

    expect(shown.filter((event) => event.kind === 'transcript')).toHaveLength(1);
    expect(result).toMatchObject({ ok: true, value: { transcript: SPOKEN, answer: 'Let me check.\n\nIt is noon.' } });
  });
});

describe('V1 a recording with no speech', () => {
  it('is answered with nothing, not an error: no chunk shown, and the model call is stopped', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      stream([textChunk('<transcript>'), textChunk('</transcript>'), textChunk('I could not hear anything, '), textChunk('please try again.')], {
        chunkDelayMs: 100,
      }),
    );

    const { result, shown } = await askByVoice(kit);

    expect(shown).toEqual([]);
    expect(result).toEqual({
      ok: true,
      value: { answer: '', transcript: '', steps: [], sources: [], degraded: false, incomplete: false, model: 'gemini-3.8-flash', duration_ms: 0 },
    });
    expect(kit.modelRequests()).toHaveLength(1);
    await vi.waitFor(() => expect(gemini.double.requestsFor('streamGenerateContent')[0]!.aborted).toBe(true));
  });
});

describe('V1 a reply that does not open with the transcript', () => {
  it('is shown whole as the answer, with no transcript', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk('It is noon '), textChunk('in Ulaanbaatar.', { finishReason: 'STOP' })]));

    const { result, shown } = await askByVoice(kit);

    expect(shown).toEqual([
      { kind: 'chunk', text: 'It is noon ' },
      { kind: 'chunk', text: 'in Ulaanbaatar.' },
    ]);
    expect(result).toMatchObject({ ok: true, value: { answer: 'It is noon in Ulaanbaatar.' } });
    expect((result as { value: AssistantDone }).value).not.toHaveProperty('transcript');
  });
});

describe('V1 with the rules of every question: G3 and G5', () => {
  it('gives the localized fallback when Gemini cannot be reached after every attempt', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', ...Array.from({ length: ASSISTANT_ATTEMPTS }, () => status(503)));

    const { result, shown } = await askByVoice(kit, { lang: 'es' });

    expect(kit.modelRequests()).toHaveLength(ASSISTANT_ATTEMPTS);
    expect(shown).toEqual([{ kind: 'chunk', text: DEGRADED_ANSWER.es }]);
    expect(result).toMatchObject({ ok: true, value: { answer: DEGRADED_ANSWER.es, degraded: true, incomplete: false } });
  });

  it('keeps the transcript as heard when the answer after it cannot be had', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script(
      'streamGenerateContent',
      stream([textChunk(`<transcript>${SPOKEN}</transcript>`), textChunk('It is'), textChunk(' noon.')], { resetAfter: 1 }),
    );

    const { result, shown } = await askByVoice(kit, { lang: 'fr' });

    expect(shown).toEqual([
      { kind: 'transcript', text: SPOKEN },
      { kind: 'chunk', text: DEGRADED_ANSWER.fr },
    ]);
    expect(result).toMatchObject({ ok: true, value: { transcript: SPOKEN, answer: DEGRADED_ANSWER.fr, degraded: true } });
  });

  it('logs that a question was spoken, never what was said or answered', async () => {
    const kit = await createAssistantKit(gemini.double);
    gemini.double.script('streamGenerateContent', stream([textChunk(`<transcript>${SPOKEN}</transcript>It is noon.`, { finishReason: 'STOP' })]));

    await askByVoice(kit);

    const logged = [...kit.log.lines, ...kit.gatewayLog.lines].join('\n');
    expect(logged).toContain('"voice":true');
    expect(logged).not.toContain('Ulán Bator');
    expect(logged).not.toContain('It is noon');
    expect(logged).not.toContain(AUDIO.data);
  });
});

describe('V1 through assistant:chat', () => {
  let test: TestCore | null = null;
  afterEach(() => {
    test?.dispose();
    test = null;
  });

  it('sends assistant:transcript before the first assistant:chunk, and the transcript in assistant:done', async () => {
    const started = await createSignedInTestCore({ gemini: { baseUrl: gemini.double.baseUrl } });
    test = started;
    const window = fakeSender();
    const call = (channel: string, input: unknown) => started.core.registry.call(channel, input, window.sender);
    await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
    gemini.double.reset();
    gemini.double.script(
      'streamGenerateContent',
      functionCallReply('get_server_time', {}),
      stream([textChunk(`<transcript>${SPOKEN}</transcript>\nIt is `), textChunk('noon.', { finishReason: 'STOP' })]),
    );

    await call('assistant:chat', { message: '', history: [], lang: 'en', audio: AUDIO });
    await vi.waitFor(() => expect(window.events.some(({ event }) => event === 'assistant:done')).toBe(true));

    const shown = window.events.filter(({ event }) => event.startsWith('assistant:'));
    expect(shown.map(({ event }) => event)).toEqual(['assistant:step', 'assistant:transcript', 'assistant:chunk', 'assistant:chunk', 'assistant:done']);
    expect(shown[1]!.payload).toMatchObject({ data: { text: SPOKEN } });
    expect(shown.at(-1)!.payload).toMatchObject({ value: { transcript: SPOKEN, answer: 'It is noon.' } });
  });
});
