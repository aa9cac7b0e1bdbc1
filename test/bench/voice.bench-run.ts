import { performance } from 'node:perf_hooks';
import { it } from 'vitest';
import { VOICE } from '../../shared/limits';
import type { AppApi } from '../../shared/ipc/app-api';
import { ok } from '../../shared/result';
import { DEFAULT_MODELS } from '../../shared/settings';
import { createSentenceStream } from '../../shared/speech-sentences';
import { createSpeechQueue } from '../../shared/speech-queue';
import { DEFAULT_SPEECH_MIME_TYPE, audioReply, defaultSpeechPcm, delay, stream, textChunk } from '../doubles/gemini-double';
import { openBenchDesk } from './bench-desk';
import { percentile, record } from './measure';

/** The fixed latencies: the answer as five sentences 150 ms apart, each TTS call taking 300 ms. */
const SENTENCES = [
  'It is a quarter to ten in Ulaanbaatar. ',
  'The office opens at ten. ',
  'Your first meeting is at eleven. ',
  'Lunch is booked for one. ',
  'Nothing else is on the calendar today.',
];
const SENTENCE_GAP_MS = 150;
const TTS_LATENCY_MS = 300;
const RUNS = 8;
const CLIP = { mimeType: 'audio/webm;codecs=opus', data: Buffer.from('a short recorded question').toString('base64') };

interface Run {
  /** From the end of the recording (the question sent) to the first WAV ready to play. */
  firstAudioMs: number;
  /** From the same start to the moment the first sentence was known to be complete. */
  firstSentenceMs: number;
}

/**
 * Asks by voice and follows the answer until its end; `onStarted` hears the request's id (the sentences' TTS calls
 * name it, as the page's do), `onText` the answer's text as it streams.
 */
function askByVoice(
  api: AppApi,
  onStarted: (requestId: string) => void,
  onText: (text: string) => void,
): Promise<{ requestId: string; answer: string }> {
  return new Promise((resolve, reject) => {
    let requestId: string | null = null;
    let answer = '';
    const stop = api.onStream('assistant:chat', (event) => {
      if (requestId !== null && event.requestId !== requestId) return;
      if (event.kind === 'progress' && event.name === 'assistant:chunk') {
        answer += event.data.text;
        onText(event.data.text);
      } else if (event.kind === 'done') {
        stop();
        resolve({ requestId: event.requestId, answer });
      } else if (event.kind === 'error') {
        stop();
        reject(new Error(event.error.message));
      }
    });
    void api.assistant.chat({ message: '', audio: CLIP, history: [], lang: 'en' }).then((started) => {
      if (started.ok) {
        requestId = started.value.requestId;
        onStarted(requestId);
      } else reject(new Error(started.error.message));
    });
  });
}

/** V2 as the page runs it: sentences to TTS as they complete, through the renderer's own speech queue. */
async function sentenceBySentence(api: AppApi): Promise<Run> {
  const start = performance.now();
  const sentences = createSentenceStream('en');
  let answerOf: string | undefined;
  let firstSentenceAt: number | null = null;
  let firstReadyAt: number | null = null;
  const queue = createSpeechQueue({
    ahead: VOICE.ttsAhead,
    synthesize: (text) => api.voice.tts({ text, ...(answerOf ? { answerOf } : {}) }),
    play: async () => ok(undefined),
    onEvent: (event) => {
      if (event.kind === 'ready') firstReadyAt ??= performance.now();
    },
  });
  const say = (found: string[]) => {
    if (found.length > 0) firstSentenceAt ??= performance.now();
    for (const sentence of found) queue.say(sentence);
  };
  await askByVoice(
    api,
    (requestId) => (answerOf = requestId),
    (text) => say(sentences.push(text)),
  );
  say(sentences.flush());
  queue.end();
  await queue.finished;
  return { firstAudioMs: firstReadyAt! - start, firstSentenceMs: firstSentenceAt! - start };
}

/** The sequential baseline: the whole answer, then one TTS call of all of it. */
async function wholeAnswerThenSpeech(api: AppApi): Promise<number> {
  const start = performance.now();
  const { requestId, answer } = await askByVoice(api, () => {}, () => {});
  const spoken = await api.voice.tts({ text: answer, answerOf: requestId });
  if (!spoken.ok) throw new Error(spoken.error.message);
  return performance.now() - start;
}

it('measures how soon a spoken answer starts, sentence by sentence against the whole answer first', async () => {
  const { double, api, nextQuestion, close } = await openBenchDesk();
  try {
    const script = () => {
      double.reset();
      // The transcript opens the reply, in the chunk that brings the first sentence.
      const [first, ...rest] = SENTENCES;
      const chunks = [textChunk(`<transcript>What is on today?</transcript>\n${first}`), ...rest.map((sentence) => textChunk(sentence))];
      double.script('streamGenerateContent', stream(chunks, { chunkDelayMs: SENTENCE_GAP_MS }));
      const speech = audioReply(defaultSpeechPcm('one sentence'), DEFAULT_SPEECH_MIME_TYPE);
      double.scriptFor(DEFAULT_MODELS.tts, 'generateContent', ...SENTENCES.map(() => delay(TTS_LATENCY_MS, speech)));
      nextQuestion();
    };

    const pipelined: Run[] = [];
    const sequential: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      script();
      pipelined.push(await sentenceBySentence(api));
      script();
      sequential.push(await wholeAnswerThenSpeech(api));
    }
    const firstAudio = percentile(pipelined.map((run) => run.firstAudioMs), 50);
    const baseline = percentile(sequential, 50);
    const overhead = percentile(
      pipelined.map((run) => run.firstAudioMs - run.firstSentenceMs - TTS_LATENCY_MS),
      50,
    );
    record({ name: 'voice_first_audio_ms', value: firstAudio, target: 'ratio to baseline <= 0.35' });
    record({ name: 'voice_first_audio_baseline_ms', value: baseline, target: 'reference' });
    record({ name: 'voice_first_audio_ratio', value: firstAudio / baseline, target: '<= 0.35' });
    record({ name: 'voice_app_overhead_ms', value: overhead, target: '<= 50' });
  } finally {
    await close();
  }
});
