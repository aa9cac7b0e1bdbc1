/**
 * V1: a voice question is answered in one model call whose reply opens with what the member said, between these
 * tags, and goes on with the answer. The prompt asks for them (assistant-prompt.ts); the reader below takes them out.
 */
export const TRANSCRIPT_OPEN = '<transcript>';
export const TRANSCRIPT_CLOSE = '</transcript>';

export interface TranscriptReaderEvents {
  /** Once, as soon as the closing tag arrives; '' means the recording held no speech. */
  onTranscript(text: string): void;
  /** The answer's text, tags and transcript taken out. */
  onText(text: string): void;
}

export interface TranscriptReader {
  /** A piece of the model's text, as it streams (a tag may be split across pieces). */
  read(text: string): void;
  /** The end of one round of the loop: what was held back is settled, and the next round is read afresh. */
  endRound(): void;
  /** What was heard: undefined until a transcript was read, and for good when the reply did not begin with one. */
  readonly transcript: string | undefined;
}

/**
 * Reads a voice reply as it streams. Text is held back only until it is clear whether the reply opens with the
 * transcript (leading whitespace tolerated); the transcript is then held until its closing tag, and everything
 * after it passes through as the answer at once. A reply that does not open with the tag is all answer, with
 * no transcript. When the first round is a tool call with no words, the transcript is looked for where the words
 * begin; a later round that opens with the transcript again (the model rereads the instruction each round) has
 * it dropped rather than shown twice. An empty transcript means no speech: nothing more is passed on.
 */
export function createTranscriptReader(events: TranscriptReaderEvents): TranscriptReader {
  // 'looking': before the first words of a round, deciding whether they open with the tag.
  let phase: 'looking' | 'inside' | 'answer' | 'silent' = 'looking';
  let held = '';
  let transcript: string | undefined;

  const answer = (text: string) => {
    phase = 'answer';
    if (text !== '') events.onText(text);
  };

  const heard = (text: string) => {
    if (transcript !== undefined) {
      phase = 'looking';
      return;
    }
    transcript = text.trim();
    phase = transcript === '' ? 'silent' : 'looking';
    events.onTranscript(transcript);
  };

  const advance = () => {
    for (;;) {
      if (phase === 'looking') {
        const words = held.trimStart();
        if (!words.startsWith(TRANSCRIPT_OPEN)) {
          // Blank so far, or the start of the tag: wait for more.
          if (TRANSCRIPT_OPEN.startsWith(words)) return;
          held = '';
          answer(words);
          return;
        }
        phase = 'inside';
        held = words.slice(TRANSCRIPT_OPEN.length);
      }
      if (phase !== 'inside') return;
      const end = held.indexOf(TRANSCRIPT_CLOSE);
      if (end < 0) return;
      const rest = held.slice(end + TRANSCRIPT_CLOSE.length);
      heard(held.slice(0, end));
      // What follows the tag is read afresh: the answer, after the blank space the model leaves.
      held = rest;
    }
  };

  return {
    read(text) {
      if (phase === 'silent') return;
      if (phase === 'answer') {
        answer(text);
        return;
      }
      held += text;
      advance();
    },
    endRound() {
      if (phase === 'inside') {
        // The round ended before the closing tag: what it held is all the transcript there is.
        heard(held);
      } else if (phase === 'looking' && held.trim() !== '') {
        // The start of a tag and no more: words after all.
        answer(held.trimStart());
      }
      held = '';
      if (phase === 'answer' && transcript !== undefined) phase = 'looking';
    },
    get transcript() {
      return transcript;
    },
  };
}
