import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantDone } from '../../../shared/assistant';
import { PROMPTS_FILE_FORMAT } from '../../../shared/assistant';
import { ASSISTANT, VOICE } from '../../../shared/limits';
import { functionCallReply, hang, stream, textChunk } from '../../../test/doubles/gemini-double';
import { fakeSender } from '../../../test/support/fake-sender';
import { useGeminiDouble, VALID_KEY } from '../../../test/support/gateway-test-kit';
import { createSignedInTestCore } from '../../../test/support/signed-in-core';
import { createTestCore, type TestCore } from '../../../test/support/test-core';

/*
 * The Assistant's channels on the real core (pinned in docs/architecture.md, The IPC contract): the stream and its events through the
 * registry, its cancel reaching the HTTP request, the input checks, and the prompt layers' channels.
 */

const gemini = useGeminiDouble();
let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

async function start(options: { signedIn?: boolean } = {}) {
  const started =
    options.signedIn === false
      ? createTestCore({ gemini: { baseUrl: gemini.double.baseUrl } })
      : await createSignedInTestCore({ gemini: { baseUrl: gemini.double.baseUrl } });
  test = started;
  const window = fakeSender();
  const call = (channel: string, input: unknown = {}) => started.core.registry.call(channel, input, window.sender);
  await call('secrets:set', { name: 'gemini.apiKey', value: VALID_KEY });
  // Saving the key tried it with Google first: the double's record starts with what the test does.
  gemini.double.reset();
  return { call, events: window.events, test: started };
}

const chat = (message: string, extra: object = {}) => ({ message, history: [], lang: 'en', ...extra });
const requestIdOf = (started: unknown) => (started as { value: { requestId: string } }).value.requestId;

describe('assistant:chat, a protected stream', () => {
  it('streams the answer as assistant:chunk, each tool call as assistant:step, and ends with assistant:done', async () => {
    const { call, events } = await start();
    gemini.double.script(
      'streamGenerateContent',
      functionCallReply('get_server_time', {}),
      stream([textChunk('It is noon '), textChunk('in Ulaanbaatar.', { finishReason: 'STOP' })]),
    );
    const requestId = requestIdOf(await call('assistant:chat', chat('What time is it?')));
    await vi.waitFor(() => expect(events.some(({ event }) => event === 'assistant:done')).toBe(true));

    const mine = events.filter(({ payload }) => (payload as { requestId: string }).requestId === requestId);
    expect(mine.map(({ event }) => event)).toEqual(['assistant:step', 'assistant:chunk', 'assistant:chunk', 'assistant:done']);
    expect(mine[0]!.payload).toMatchObject({ data: { tool: 'get_server_time', ok: true } });
    const done = (mine.at(-1)!.payload as { value: AssistantDone }).value;
    expect(done).toMatchObject({ answer: 'It is noon in Ulaanbaatar.', degraded: false, incomplete: false, steps: [{ tool: 'get_server_time' }] });
  });

  it('assistant:cancel stops it and the abort reaches the HTTP request; nothing more is sent', async () => {
    const { call, events } = await start();
    gemini.double.script('streamGenerateContent', hang());
    const requestId = requestIdOf(await call('assistant:chat', chat('Tell me a long story')));
    await vi.waitFor(() => expect(gemini.double.requestsFor('streamGenerateContent')).toHaveLength(1));

    expect(await call('assistant:cancel', { requestId })).toEqual({ ok: true, value: { cancelled: true } });
    await vi.waitFor(() => expect(gemini.double.requestsFor('streamGenerateContent')[0]!.aborted).toBe(true));
    expect(events.filter(({ event }) => event.startsWith('assistant:'))).toEqual([]);
    // Another channel's cancel cannot reach it.
    expect(await call('oracle:cancel', { requestId })).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('is refused to a member who is not signed in, before any request upstream', async () => {
    const { call } = await start({ signedIn: false });
    expect(await call('assistant:chat', chat('Hello'))).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(gemini.double.requests).toEqual([]);
  });
});

describe('what assistant:chat accepts', () => {
  it('a message of 1 to 4000 characters, TOO_LARGE beyond, INVALID_INPUT when empty without audio', async () => {
    const { call } = await start();
    expect(await call('assistant:chat', chat('x'.repeat(ASSISTANT.messageMaxChars + 1)))).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', field: 'message' },
    });
    expect(await call('assistant:chat', chat('  '))).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'message' } });
    expect(await call('assistant:chat', chat('Hi', { lang: 'de' }))).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'lang' } });
    expect(gemini.double.requests).toEqual([]);
  });

  it('V5: audio of an allowed type and at most ~700 KB of base64, with or without words', async () => {
    const { call } = await start();
    const clip = (mimeType: string, data: string) => chat('', { audio: { mimeType, data } });
    expect(await call('assistant:chat', clip('audio/webm;codecs=opus', 'GkXfow=='))).toMatchObject({ ok: true });
    expect(await call('assistant:chat', clip('video/mp4', 'GkXfow=='))).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'audio.mimeType' } });
    expect(await call('assistant:chat', clip('audio/ogg', 'not base64!'))).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'audio.data' } });
    const tooLarge = 'A'.repeat(VOICE.audioMaxBase64Bytes + 4);
    expect(await call('assistant:chat', clip('audio/ogg', tooLarge))).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
  });
});

describe("the prompt layers' channels (G4)", () => {
  it('save, reset one layer, export and import through the system dialogs', async () => {
    const { call, test } = await start();
    const initial = (await call('assistant:prompts')) as { value: { defaults: { scope: string; instructions: string } } };
    const { defaults } = initial.value;

    expect(await call('assistant:savePrompts', { scope: 'Crearack team assistant.', instructions: 'Use British English.' })).toMatchObject({
      ok: true,
      value: { prompts: { scope: 'Crearack team assistant.', instructions: 'Use British English.' }, customised: { scope: true, instructions: true } },
    });
    expect(await call('assistant:resetPrompts', { layer: 'instructions' })).toMatchObject({
      ok: true,
      value: { prompts: { scope: 'Crearack team assistant.', instructions: defaults.instructions }, customised: { scope: true, instructions: false } },
    });

    expect(await call('assistant:exportPrompts')).toEqual({ ok: true, value: { saved: true } });
    expect(JSON.parse(test.promptFiles.saved[0]!)).toEqual({ format: PROMPTS_FILE_FORMAT, version: 1, scope: 'Crearack team assistant.', instructions: defaults.instructions });

    await call('assistant:resetPrompts', {});
    test.promptFiles.nextImport = test.promptFiles.saved[0]!;
    expect(await call('assistant:importPrompts')).toMatchObject({ ok: true, value: { imported: true, state: { prompts: { scope: 'Crearack team assistant.' } } } });

    test.promptFiles.nextImport = '{"format":"something else"}';
    expect(await call('assistant:importPrompts')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'prompts_file_unknown' } });
    test.promptFiles.nextImport = null;
    expect(await call('assistant:importPrompts')).toMatchObject({ ok: true, value: { imported: false, state: { prompts: { scope: 'Crearack team assistant.' } } } });
  });

  it('refuses a layer longer than its limit as TOO_LARGE, and keeps what was there', async () => {
    const { call } = await start();
    const before = await call('assistant:prompts');
    expect(await call('assistant:savePrompts', { scope: 'x'.repeat(ASSISTANT.promptScopeMaxChars + 1), instructions: '' })).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', field: 'scope' },
    });
    expect(await call('assistant:prompts')).toEqual(before);
  });
});
