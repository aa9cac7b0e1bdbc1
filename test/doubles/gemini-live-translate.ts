/**
 * One Live translation connection (a model whose id says live-translate) as the double plays it: continuous audio in
 * with the server's own speech detection, the scripted utterances' words heard as their audio arrives and translated
 * `lagMs` later, audioStreamEnd as the end of an utterance, and the goAway and drop a script asks for.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { liveInputMs } from '../../shared/audio';
import { tonePcm } from './gemini-defaults';
import {
  DEFAULT_LIVE_UTTERANCE,
  DEFAULT_TRANSLATION_LAG_MS,
  LIVE_CLOSE,
  LIVE_OUTPUT_MIME,
  type LiveTranslationScript,
  type LiveUtterance,
  transcriptPieces,
} from './gemini-live-script';
import { type LivePlay, type LivePlayDeps, asRecord, audioRefusal, liveNow, readPath } from './gemini-live-session';
import { pause } from './http-double';

/** Google's live-translate model ids say so (gemini-3.5-live-translate-preview). */
export function isTranslationModel(model: string): boolean {
  return model.includes('live-translate');
}

/** Google's guide: a target language, and neither instructions nor tools (the model only translates). */
export function isTranslationSetup(setup: Record<string, unknown>): boolean {
  const target = readPath(setup, ['generationConfig', 'translationConfig', 'targetLanguageCode']);
  return typeof target === 'string' && target !== '' && setup.systemInstruction === undefined && setup.tools === undefined;
}

/** Samples no louder than this (about -50 dBFS) are silence: the utterance's clock starts at the first louder frame. */
const SILENCE_AMPLITUDE = 100;
const MS_PER_SECOND = 1000;

interface Utterance {
  readonly index: number;
  readonly script: LiveUtterance;
  readonly heard: readonly string[];
  readonly translation: readonly string[];
  /** Audio since the first frame that is not silence; null until one arrives. */
  speechMs: number | null;
  bytes: number;
  heardSent: number;
  translationCarried: number;
  translationSent: number;
  /** audioStreamEnd arrived: every word counts as carried. */
  ended: boolean;
  completed: boolean;
}

function isSilent(bytes: Uint8Array): boolean {
  const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return samples.every((sample) => Math.abs(sample) <= SILENCE_AMPLITUDE);
}

/** How many of `count` words `speechMs` of audio carries, of an utterance `totalMs` long. */
function carried(count: number, speechMs: number, totalMs: number): number {
  if (count === 0) return 0;
  return Math.min(count, Math.floor((speechMs * count) / Math.max(1, totalMs)));
}

export function playTranslation(deps: LivePlayDeps, script: LiveTranslationScript): LivePlay {
  const { wire, conversation, record } = deps;
  const lagMs = script.lagMs ?? DEFAULT_TRANSLATION_LAG_MS;
  const resumable = (record.setup ?? {}).sessionResumption !== undefined;
  const connectionIndex = conversation.connections.indexOf(record);
  const goAway = script.goAway && (script.goAway.connection ?? 0) === connectionIndex ? script.goAway : null;
  const openedAt = performance.now();
  /** Utterances begun here and not completed, oldest first; `current` is the one audio goes to. */
  const begun: Utterance[] = [];
  let current: Utterance | null = null;
  let bytesHere = 0;
  let leaving = false;
  let closing = false;
  /** Translated words go out strictly in order, each at its time. */
  let outgoing: Promise<void> = Promise.resolve();

  const issueHandle = () => {
    const handle = randomUUID();
    record.handles.push(handle);
    deps.issueHandle(handle);
    wire.send({ sessionResumptionUpdate: { newHandle: handle, resumable: true } });
  };

  const beginUtterance = (): Utterance => {
    const index = conversation.replays.shift() ?? conversation.turnsTaken++;
    const utterance = conversation.script.translation?.utterances[index] ?? DEFAULT_LIVE_UTTERANCE;
    current = {
      index,
      script: utterance,
      heard: transcriptPieces(utterance.heard),
      translation: transcriptPieces(utterance.translation),
      speechMs: null,
      bytes: 0,
      heardSent: 0,
      translationCarried: 0,
      translationSent: 0,
      ended: false,
      completed: false,
    };
    begun.push(current);
    return current;
  };

  const maybeComplete = (utterance: Utterance) => {
    const done = utterance.heardSent === utterance.heard.length && utterance.translationSent === utterance.translation.length;
    if (utterance.completed || !done || !(utterance.ended || utterance.script.endsTurn)) return;
    utterance.completed = true;
    begun.splice(begun.indexOf(utterance), 1);
    if (current === utterance) current = null;
    wire.send({ serverContent: { turnComplete: true } });
    if (resumable) issueHandle();
  };

  const sendTranslated = (utterance: Utterance) => {
    const word = utterance.translation[utterance.translationSent++];
    const audio = tonePcm(utterance.script.speechMs / Math.max(1, utterance.translation.length));
    wire.send({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: LIVE_OUTPUT_MIME, data: audio.toString('base64') } }] } } });
    wire.send({ serverContent: { outputTranscription: { text: word } } });
    maybeComplete(utterance);
  };

  /** Sends the heard words now carried, and schedules their translation `lagMs` from now. */
  const carry = (utterance: Utterance) => {
    const speechMs = utterance.ended ? Infinity : (utterance.speechMs ?? 0);
    const heardTo = utterance.ended ? utterance.heard.length : carried(utterance.heard.length, speechMs, utterance.script.speechMs);
    for (; utterance.heardSent < heardTo; utterance.heardSent++) {
      wire.send({ serverContent: { inputTranscription: { text: utterance.heard[utterance.heardSent] } } });
    }
    const translatedTo = utterance.ended ? utterance.translation.length : carried(utterance.translation.length, speechMs, utterance.script.speechMs);
    const dueAt = performance.now() + lagMs;
    for (; utterance.translationCarried < translatedTo; utterance.translationCarried++) {
      outgoing = outgoing.then(async () => {
        if (await pause(Math.max(0, dueAt - performance.now()), wire.ended)) sendTranslated(utterance);
      });
    }
    if (translatedTo === utterance.translation.length) outgoing = outgoing.then(() => maybeComplete(utterance));
  };

  const sendGoAway = (timeLeftMs: number) => {
    if (leaving) return;
    leaving = true;
    wire.send({ goAway: { timeLeft: `${timeLeftMs / MS_PER_SECOND}s` } });
    void (async () => {
      if (!(await pause(timeLeftMs, wire.ended))) return;
      closing = true;
      // What the connection heard before its end (an audioStreamEnd arriving meanwhile included) is still translated on it.
      for (let drained = null as Promise<void> | null; drained !== outgoing; ) {
        drained = outgoing;
        await drained;
      }
      wire.close(LIVE_CLOSE.aborted.code, LIVE_CLOSE.aborted.reason);
    })();
  };

  const dropNow = () => {
    conversation.dropped = true;
    // What the server held of every utterance it had not completed is gone: each is heard again from new audio.
    conversation.replays.push(...begun.map((utterance) => utterance.index));
    conversation.replays.sort((a, b) => a - b);
    wire.drop();
  };

  const onAudio = (audio: unknown): void => {
    const blob = audio as { data?: unknown; mimeType?: unknown } | null;
    const refusal = audioRefusal(blob);
    if (refusal) return wire.close(refusal.code, refusal.reason);
    const bytes = new Uint8Array(Buffer.from(String(blob?.data), 'base64'));
    if (closing) {
      record.audio.push({ at: liveNow(), bytes, mimeType: String(blob?.mimeType), turn: null });
      return;
    }
    const utterance = current ?? beginUtterance();
    record.audio.push({ at: liveNow(), bytes, mimeType: String(blob?.mimeType), turn: utterance.index });
    bytesHere += bytes.length;
    utterance.bytes += bytes.length;
    if (utterance.speechMs !== null || !isSilent(bytes)) utterance.speechMs = (utterance.speechMs ?? 0) + liveInputMs(bytes.length);
    const drop = script.drop;
    if (drop && !conversation.dropped && drop.utterance === utterance.index && utterance.bytes >= drop.afterBytes) return dropNow();
    carry(utterance);
    if (goAway?.afterBytes !== undefined && bytesHere >= goAway.afterBytes) sendGoAway(goAway.timeLeftMs);
  };

  const onAudioStreamEnd = () => {
    const utterance = current;
    if (!utterance || utterance.ended) return;
    utterance.ended = true;
    // The next audio is the next utterance, while this one's last words are still being translated.
    current = null;
    carry(utterance);
  };

  if (goAway?.afterMs !== undefined) {
    const { afterMs, timeLeftMs } = goAway;
    void pause(Math.max(0, afterMs - (performance.now() - openedAt)), wire.ended).then((due) => {
      if (due) sendGoAway(timeLeftMs);
    });
  }

  return {
    issueHandle,
    receive(message) {
      if ('setup' in message) return wire.close(LIVE_CLOSE.invalidArgument.code, LIVE_CLOSE.invalidArgument.reason);
      if (!('realtimeInput' in message)) return wire.close(LIVE_CLOSE.invalidArgument.code, LIVE_CLOSE.invalidArgument.reason);
      const input = asRecord(message.realtimeInput);
      // The translation model detects speech itself: explicit activity signals are refused, as Google refuses them.
      if ('activityStart' in input || 'activityEnd' in input) return wire.close(LIVE_CLOSE.explicitActivity.code, LIVE_CLOSE.explicitActivity.reason);
      if ('audio' in input) onAudio(input.audio);
      if (input.audioStreamEnd === true) onAudioStreamEnd();
    },
  };
}
