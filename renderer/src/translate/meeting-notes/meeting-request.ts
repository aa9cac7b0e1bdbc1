import { sameWords, type CaptionLine } from '../../../../shared/captions';
import { CAPTION_SOURCES } from '../../../../shared/live-captions';
import type { MeetingInfo, MeetingLine, MeetingMode } from '../../../../shared/meeting-notes';
import type { CaptionRun } from '../live/caption-runner';

/** What of a stopped captions session makes its notes: the final lines, and the meeting they were said in. */
export interface MeetingTranscript {
  readonly meeting: MeetingInfo;
  readonly lines: readonly MeetingLine[];
}

type Session = Pick<CaptionRun, 'inputs' | 'languages' | 'sources' | 'startedAt' | 'stoppedAt'>;

/**
 * The final lines in speaking order, as the notes' transcript: labelled "You" or "Others" only when both sides were
 * captioned; a translation that only repeats the words (or a meeting captioned in its own language) kept once, as the
 * captions show it. Null when nothing final was said, or the session never started.
 */
export function meetingTranscript(session: Session, shown: readonly CaptionLine[]): MeetingTranscript | null {
  const { languages, startedAt } = session;
  const final = shown.filter((line) => line.status === 'done');
  if (final.length === 0 || languages === null || startedAt === null) return null;
  const twoSides = Boolean(session.inputs?.you && session.inputs.others);
  const oneLanguage = languages.from === languages.to;
  const lines = final.map((line) => {
    const once = oneLanguage || sameWords(line.transcript, line.translation);
    return {
      speaker: twoSides ? line.source : null,
      startMs: Math.round(line.startMs),
      // Said once: in the words the captions show for it.
      original: once && line.transcript.trim() === '' ? line.translation : line.transcript,
      translation: once ? '' : line.translation,
    };
  });
  const lastEndMs = Math.max(...final.map((line) => line.endMs));
  const stoppedMs = session.stoppedAt === null ? 0 : session.stoppedAt - startedAt;
  return {
    meeting: {
      startedAt,
      durationMs: Math.round(Math.max(lastEndMs, stoppedMs, 0)),
      languages: { from: languages.from, to: languages.to },
      mode: meetingMode(session.sources),
    },
    lines,
  };
}

/** How the meeting was captioned: the first side's way (the member's, when both were), as it ran. */
function meetingMode(sources: Session['sources']): MeetingMode {
  const modes = CAPTION_SOURCES.map((source) => sources[source]?.mode ?? null);
  return modes.find((mode) => mode !== null) ?? 'pauses';
}
