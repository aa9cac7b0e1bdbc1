import { describe, expect, it } from 'vitest';
import { VOICE } from '../../../shared/limits';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { audioReply, defaultSpeechPcm, quotaExceeded, reply, status, textReply } from '../../../test/doubles/gemini-double';
import { createGatewayKit, useGeminiDouble } from '../../../test/support/gateway-test-kit';
import { failureError } from '../gemini/failure';
import { ASSISTANT_ATTEMPTS } from '../gemini/retry-policy';
import { createSpeechService } from './speech-service';

const gemini = useGeminiDouble();

const TTS_MODEL = 'gemini-2.5-flash-preview-tts';
const SETTINGS: Settings = { ...DEFAULT_SETTINGS, models: { ...DEFAULT_SETTINGS.models, tts: TTS_MODEL } };
const CLIP = { mimeType: 'audio/webm;codecs=opus', data: Buffer.from('a voice clip, as opus would carry it').toString('base64') };
const SENTENCE = 'The VPN guide is in the knowledge base.';

function kit() {
  const gateway = createGatewayKit(gemini.double);
  const voice = createSpeechService({ gateway: gateway.gateway, settings: () => SETTINGS, now: () => 0, log: gateway.log });
  return { ...gateway, voice };
}

const never = () => new AbortController().signal;

function wavFields(base64: string) {
  const wav = Buffer.from(base64, 'base64');
  return {
    tags: [wav.toString('ascii', 0, 4), wav.toString('ascii', 8, 12), wav.toString('ascii', 12, 16), wav.toString('ascii', 36, 40)],
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bitsPerSample: wav.readUInt16LE(34),
    dataBytes: wav.readUInt32LE(40),
    pcm: wav.subarray(44),
  };
}

describe('V3 voice:stt: one call that transcribes literally', () => {
  it('sends the audio inline with its MIME type to the assistant model, with the literal-transcription instruction', async () => {
    const { voice, double } = kit();
    double.script('generateContent', textReply('  ¿Dónde está el manual de la VPN?\n'));

    expect(await voice.stt(CLIP, never())).toEqual({ ok: true, value: { text: '¿Dónde está el manual de la VPN?' } });

    const [request] = double.requestsFor('generateContent');
    expect(request?.model).toBe(SETTINGS.models.assistant);
    const body = request?.body as { contents: unknown; systemInstruction: { parts: { text: string }[] } };
    expect(body.contents).toEqual([{ role: 'user', parts: [{ inlineData: { mimeType: CLIP.mimeType, data: CLIP.data } }] }]);
    const instruction = body.systemInstruction.parts.map((part) => part.text).join(' ');
    expect(instruction).toMatch(/literally/);
    expect(instruction).toMatch(/verbatim/);
    expect(instruction).toMatch(/language in which it is spoken/);
    expect(instruction).toMatch(/no speech .* output nothing/);
  });

  it('SEC-3: bounds the transcript, and calls one cut at the bound an error rather than half a question', async () => {
    const { voice, double } = kit();
    const cut = { content: { parts: [{ text: 'Where is the VPN manual and' }], role: 'model' }, finishReason: 'MAX_TOKENS', index: 0 };
    double.script('generateContent', reply({ candidates: [cut] }));

    expect(await voice.stt(CLIP, never())).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'transcript_too_long' } });
    expect(double.requestsFor('generateContent')[0]?.body).toMatchObject({
      generationConfig: { maxOutputTokens: VOICE.transcriptMaxOutputTokens },
    });
  });

  it('answers an empty transcript as {text: ""}: no speech, not an error', async () => {
    const { voice, double } = kit();
    double.script('generateContent', textReply(' \n'));
    expect(await voice.stt(CLIP, never())).toEqual({ ok: true, value: { text: '' } });
  });

  it('retries a 503 as the Assistant does, then answers', async () => {
    const { voice, double } = kit();
    double.script('generateContent', status(503), textReply('Hello.'));
    expect(await voice.stt(CLIP, never())).toEqual({ ok: true, value: { text: 'Hello.' } });
    expect(double.requestsFor('generateContent')).toHaveLength(2);
  });

  it('gives a clear error after the Assistant’s attempts when Gemini stays unavailable', async () => {
    const { voice, double } = kit();
    double.script('generateContent', ...Array.from({ length: ASSISTANT_ATTEMPTS }, () => status(503)));
    const result = await voice.stt(CLIP, never());
    expect(result).toEqual({ ok: false, error: failureError({ kind: 'overloaded' }, SETTINGS.models.assistant) });
    expect(double.requestsFor('generateContent')).toHaveLength(ASSISTANT_ATTEMPTS);
  });

  it('logs sizes and durations, never the audio or the words', async () => {
    const { voice, double, log } = kit();
    double.script('generateContent', textReply('My salary is 1234 euros.'));
    await voice.stt(CLIP, never());
    expect(log.lines.join('\n')).not.toContain(CLIP.data);
    expect(log.lines.join('\n')).not.toContain('salary');
  });
});

describe('V4 voice:tts: the TTS model, audio out, wrapped as a WAV', () => {
  it('asks settings.models.tts for AUDIO in the given voice, and wraps its 24 kHz PCM in a WAV header', async () => {
    const { voice, double } = kit();

    const spoken = await voice.tts(SENTENCE, 'Puck', never());

    const [request] = double.requestsFor('generateContent');
    expect(request?.model).toBe(TTS_MODEL);
    expect(request?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: SENTENCE }] }],
      generationConfig: { responseModalities: ['AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } } },
    });
    expect(spoken.ok && spoken.value.mimeType).toBe('audio/wav');
    const pcm = defaultSpeechPcm(SENTENCE);
    expect(spoken.ok && wavFields(spoken.value.data)).toEqual({
      tags: ['RIFF', 'WAVE', 'fmt ', 'data'],
      format: 1,
      channels: 1,
      sampleRate: 24_000,
      bitsPerSample: 16,
      dataBytes: pcm.length,
      pcm,
    });
  });

  it('reads the rate from the MIME type (16 kHz)', async () => {
    const { voice, double } = kit();
    const pcm = Buffer.alloc(3200, 7);
    double.script('generateContent', audioReply(pcm, 'audio/L16;codec=pcm;rate=16000'));
    const spoken = await voice.tts(SENTENCE, 'Kore', never());
    expect(spoken.ok && wavFields(spoken.value.data)).toMatchObject({ sampleRate: 16_000, dataBytes: 3200, pcm });
  });

  it('passes a WAV from the model through unchanged', async () => {
    const { voice, double } = kit();
    const wav = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt a whole file already');
    double.script('generateContent', audioReply(wav, 'audio/wav'));
    expect(await voice.tts(SENTENCE, 'Kore', never())).toEqual({ ok: true, value: { mimeType: 'audio/wav', data: wav.toString('base64') } });
  });

  it('calls a reply without audio an UPSTREAM error', async () => {
    const { voice, double } = kit();
    double.script('generateContent', textReply('I would rather write it down.'));
    expect(await voice.tts(SENTENCE, 'Kore', never())).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'no_audio' } });
  });

  it('refuses audio it cannot play as an UPSTREAM error', async () => {
    const { voice, double } = kit();
    double.script('generateContent', audioReply(Buffer.from('ID3 an mp3'), 'audio/mpeg'));
    expect(await voice.tts(SENTENCE, 'Kore', never())).toMatchObject({ ok: false, error: { code: 'UPSTREAM', reason: 'unexpected_audio' } });
  });

  it('retries a 503 as the Assistant does, then gives the Assistant’s error', async () => {
    const { voice, double } = kit();
    double.script('generateContent', ...Array.from({ length: ASSISTANT_ATTEMPTS }, () => status(503)));
    expect(await voice.tts(SENTENCE, 'Kore', never())).toEqual({ ok: false, error: failureError({ kind: 'overloaded' }, TTS_MODEL) });
    expect(double.requestsFor('generateContent', TTS_MODEL)).toHaveLength(ASSISTANT_ATTEMPTS);
  });

  it.each([
    ['a refused request (400)', status(400)],
    ['a refused key (403)', status(403)],
    ['an unknown model (404)', status(404)],
    ["a day's quota used up", quotaExceeded({ perDay: true })],
  ])('fails at once on %s: one request, no wait, since it would fail the same way again', async (_, refusal) => {
    const { voice, double, delays } = kit();
    double.script('generateContent', refusal, refusal);
    expect(await voice.tts(SENTENCE, 'Kore', never())).toMatchObject({ ok: false });
    expect(double.requestsFor('generateContent', TTS_MODEL)).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('speaks at most VOICE.ttsTextMaxChars in one call, and logs neither the text nor the audio', async () => {
    const { voice, double, log } = kit();
    const long = `Confidential: ${'x'.repeat(VOICE.ttsTextMaxChars)}`;
    const spoken = await voice.tts(long, 'Kore', never());
    const sent = (double.requestsFor('generateContent')[0]?.body as { contents: { parts: { text: string }[] }[] }).contents[0]!.parts[0]!.text;
    expect(sent).toBe(long.slice(0, VOICE.ttsTextMaxChars));
    const logged = log.lines.join('\n');
    expect(logged).not.toContain('Confidential');
    if (!spoken.ok) throw new Error('the default TTS reply was refused');
    expect(logged).not.toContain(spoken.value.data.slice(0, 200));
  });
});
