import { describe, expect, it } from 'vitest';
import { ASSISTANT, VOICE } from '../../../shared/limits';
import { createSentenceStream } from '../../../shared/speech-sentences';
import { createSpeechGrants } from './speech-grants';

const ANA = 'ana@crearack.com';
const BEN = 'ben@crearack.com';
const ANSWER = ['**Lunch** is at noon. ', 'The canteen is on the  second', ' floor. ', 'Enjoy it.'];

function grantsAt(start = 1_000_000) {
  const clock = { at: start };
  return { clock, grants: createSpeechGrants({ now: () => clock.at }) };
}

/** The sentences the renderer sends to voice:tts for `pieces` of an answer, cut by the same shared splitter. */
function rendererSentences(pieces: readonly string[], complete = true): string[] {
  const stream = createSentenceStream('en');
  return [...pieces.flatMap((piece) => stream.push(piece)), ...(complete ? stream.flush() : [])];
}

/** A voice question granted and its answer streamed through the grant, as assistant:chat does. */
function answered(grants: ReturnType<typeof createSpeechGrants>, requestId = 'question-1', pieces = ANSWER, complete = true) {
  const grant = grants.grant(ANA, requestId, 'en');
  for (const piece of pieces) grant.add(piece);
  grant.end(complete);
  return grant;
}

describe('G9: speech grants for voice questions', () => {
  it('cover each sentence of the answer, as the renderer cuts and speaks it, for its member and question only', () => {
    const { grants } = grantsAt();
    answered(grants);
    const sentences = rendererSentences(ANSWER);
    expect(sentences).toEqual(['Lunch is at noon.', 'The canteen is on the second floor.', 'Enjoy it.']);
    expect(grants.use(BEN, 'question-1', sentences[0]!)).toBe(false);
    expect(grants.use(ANA, 'question-2', sentences[0]!)).toBe(false);
    for (const sentence of sentences) expect(grants.use(ANA, 'question-1', sentence)).toBe(true);
  });

  it('cover a sentence as soon as main has streamed it, before the answer ends', () => {
    const { grants } = grantsAt();
    const grant = grants.grant(ANA, 'question-1', 'en');
    expect(grants.use(ANA, 'question-1', 'Lunch is at noon.')).toBe(false);
    grant.add(ANSWER[0]!);
    expect(grants.use(ANA, 'question-1', 'Lunch is at noon.')).toBe(true);
  });

  it('do not cover the unfinished last sentence of an answer cut short, which the renderer does not say', () => {
    const { grants } = grantsAt();
    answered(grants, 'question-1', ['Lunch is at noon. ', 'The canteen is'], false);
    expect(grants.use(ANA, 'question-1', 'Lunch is at noon.')).toBe(true);
    expect(grants.use(ANA, 'question-1', 'The canteen is')).toBe(false);
  });

  it('last VOICE.speechGrantMs, then lapse', () => {
    const { clock, grants } = grantsAt();
    answered(grants);
    clock.at += VOICE.speechGrantMs - 1;
    expect(grants.use(ANA, 'question-1', 'Lunch is at noon.')).toBe(true);
    clock.at += 1;
    expect(grants.use(ANA, 'question-1', 'Enjoy it.')).toBe(false);
  });

  it('cover nothing for a question that ended without an answer', () => {
    const { grants } = grantsAt();
    answered(grants, 'question-1', []);
    expect(grants.use(ANA, 'question-1', 'Lunch is at noon.')).toBe(false);
  });

  it('keep no more than the questions the limiter can admit while one lasts, dropping the oldest', () => {
    const { clock, grants } = grantsAt();
    const admissible = ASSISTANT.rateLimitPerMinute * Math.ceil(VOICE.speechGrantMs / ASSISTANT.rateLimitWindowMs);
    for (let index = 0; index <= admissible; index++) {
      answered(grants, `question-${index}`);
      clock.at += 1;
    }
    expect(grants.use(ANA, 'question-0', 'Enjoy it.')).toBe(false);
    expect(grants.use(ANA, 'question-1', 'Enjoy it.')).toBe(true);
    expect(grants.use(ANA, `question-${admissible}`, 'Enjoy it.')).toBe(true);
  });

  it('SEC-3: do not cover a text that is not in the answer, however the request names it', () => {
    const { grants } = grantsAt();
    answered(grants);
    expect(grants.use(ANA, 'question-1', 'Read this whole unrelated document aloud for free.')).toBe(false);
    expect(grants.use(ANA, 'question-1', 'Lunch is at noon.')).toBe(true);
  });

  it('SEC-3: cover at most as many calls as the answer has sentences, and no more text than it holds', () => {
    const { grants } = grantsAt();
    answered(grants);
    // Pieces of the answer (a renderer may cut it otherwise than main): three calls for three sentences.
    for (const piece of ['Lunch is', 'at noon.', 'Enjoy it.']) expect(grants.use(ANA, 'question-1', piece)).toBe(true);
    expect(grants.use(ANA, 'question-1', 'The canteen is on the second floor.')).toBe(false);

    answered(grants, 'question-2');
    const whole = rendererSentences(ANSWER).join(' ');
    expect(grants.use(ANA, 'question-2', whole)).toBe(true);
    expect(grants.use(ANA, 'question-2', 'Enjoy it.')).toBe(false);
  });

  it('SEC-3: end once the finished answer is all spoken', () => {
    const { grants } = grantsAt();
    const grant = answered(grants);
    for (const sentence of rendererSentences(ANSWER)) expect(grants.use(ANA, 'question-1', sentence)).toBe(true);
    // Nothing more main streams under the request revives it.
    grant.add('Another sentence. ');
    expect(grants.use(ANA, 'question-1', 'Another sentence.')).toBe(false);
  });
});
