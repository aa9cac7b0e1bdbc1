/** What the Gemini double answers when nothing is scripted for a request. */
import { GEMINI } from '../../shared/limits';
import {
  type GeminiAction,
  type GeminiStep,
  type ReplyContext,
  audioReply,
  badRequest,
  estimateTokens,
  liveScript,
  reply,
  stream,
  textChunk,
  textReply,
  textsIn,
  usageFor,
} from './gemini-steps';
import { hashedEmbedding } from './hashed-embedding';

export const DEFAULT_REPLY_TEXT = 'double reply';

/** Google's own default for gemini-embedding-001 when the request names no outputDimensionality. */
export const DEFAULT_EMBEDDING_DIMENSIONS = 3072;

/** What a TTS model sends by default: raw 16-bit little-endian mono PCM, as Google's older TTS models do. */
export const DEFAULT_SPEECH_SAMPLE_RATE_HZ = 24_000;
export const DEFAULT_SPEECH_MIME_TYPE = `audio/L16;codec=pcm;rate=${DEFAULT_SPEECH_SAMPLE_RATE_HZ}`;
const SPEECH_MS_PER_CHARACTER = 20;
const SPEECH_TONE_HZ = 440;
/** Quiet: about -26 dBFS, so a harness that plays it aloud is not loud. */
const SPEECH_AMPLITUDE = 1600;

export function defaultStep(action: GeminiAction, context: ReplyContext): GeminiStep {
  switch (action) {
    case 'generateContent':
      // A TTS model answers in audio only, so e2e tests and the harness hear something without scripting.
      if (context.model.includes('tts')) return audioReply(defaultSpeechPcm(textsIn(context.body).join('')), DEFAULT_SPEECH_MIME_TYPE);
      return textReply(DEFAULT_REPLY_TEXT);
    case 'streamGenerateContent':
      return stream(defaultChunks(context));
    case 'batchEmbedContents':
      return embeddingsFor(context);
    case 'countTokens': {
      const totalTokens = estimateTokens(textsIn(context.body));
      return reply({ totalTokens, promptTokensDetails: [{ modality: 'TEXT', tokenCount: totalTokens }] });
    }
    case 'getModel':
      return reply(modelResource(context.model));
    case 'live':
      return liveScript({ turns: [] });
  }
}

/** The default text in three SSE chunks; the last one closes the turn with the usage, as Google's does. */
function defaultChunks(context: ReplyContext): object[] {
  const pieces = ['double', ' re', 'ply'];
  return pieces.map((piece, index) =>
    index < pieces.length - 1
      ? textChunk(piece)
      : { ...textChunk(piece, { finishReason: 'STOP' }), usageMetadata: usageFor(context, [DEFAULT_REPLY_TEXT]), modelVersion: context.model },
  );
}

/** The default TTS audio for `text`: a quiet sine, 20 ms of it per character, the same for the same text. */
export function defaultSpeechPcm(text: string): Buffer {
  return tonePcm(text.length * SPEECH_MS_PER_CHARACTER);
}

/** A quiet 440 Hz tone at 24 kHz, 16-bit little-endian mono: deterministic, so a test can compare bytes. */
export function tonePcm(durationMs: number): Buffer {
  const samples = Math.round((durationMs * DEFAULT_SPEECH_SAMPLE_RATE_HZ) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++) {
    const value = Math.round(SPEECH_AMPLITUDE * Math.sin((2 * Math.PI * SPEECH_TONE_HZ * index) / DEFAULT_SPEECH_SAMPLE_RATE_HZ));
    pcm.writeInt16LE(value, index * 2);
  }
  return pcm;
}

interface EmbedRequest {
  content?: { parts?: Array<{ text?: unknown }> };
  title?: unknown;
  outputDimensionality?: unknown;
}

function embeddingsFor(context: ReplyContext): GeminiStep {
  const requests = (context.body as { requests?: EmbedRequest[] } | null)?.requests ?? [];
  if (requests.length > GEMINI.embeddingBatchMax) {
    return badRequest(`* BatchEmbedContentsRequest.requests: at most ${GEMINI.embeddingBatchMax} requests can be in one batch\n`);
  }
  const embeddings = requests.map((request) => {
    const title = typeof request.title === 'string' ? request.title : '';
    const dimensions = typeof request.outputDimensionality === 'number' ? request.outputDimensionality : DEFAULT_EMBEDDING_DIMENSIONS;
    return { values: hashedEmbedding([title, ...textsIn(request.content)].join(' '), dimensions) };
  });
  return reply({ embeddings });
}

function modelResource(model: string): object {
  const isEmbedding = model.includes('embedding');
  return {
    name: `models/${model}`,
    version: '001',
    displayName: model,
    description: `The Gemini double's stand-in for ${model}.`,
    inputTokenLimit: isEmbedding ? 2048 : 1_048_576,
    outputTokenLimit: isEmbedding ? 1 : 65_536,
    supportedGenerationMethods: isEmbedding
      ? ['embedContent', 'countTextTokens', 'countTokens', 'asyncBatchEmbedContent']
      : ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
    ...(isEmbedding ? {} : { temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2, thinking: true }),
  };
}
