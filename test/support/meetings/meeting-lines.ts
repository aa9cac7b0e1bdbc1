import type { MeetingDraftInput, MeetingInfo, MeetingLine } from '../../../shared/meeting-notes';

/** Test-only: Monday 12 August 2026, 09:30 UTC; 42 minutes 10 seconds, Spanish heard, English captions. */
export const MEETING: MeetingInfo = {
  startedAt: Date.UTC(2026, 7, 12, 9, 30, 0),
  durationMs: (42 * 60 + 10) * 1000,
  languages: { from: 'es', to: 'en' },
  mode: 'streaming',
};

/** Test-only: a short planning meeting, both sides captioned, one line already in English (shown once). */
export const PLANNING_LINES: MeetingLine[] = [
  { speaker: 'you', startMs: 12_000, original: 'Buenos días, hablemos de la fecha de lanzamiento.', translation: "Good morning, let's talk about the release date." },
  { speaker: 'others', startMs: 75_500, original: 'Propongo moverla al nueve de septiembre.', translation: 'I propose moving it to the ninth of September.' },
  { speaker: 'you', startMs: 3_725_000, original: 'De acuerdo. Lena revisa las traducciones antes del viernes.', translation: 'Agreed. Lena checks the translations before Friday.' },
  { speaker: 'others', startMs: 3_790_000, original: 'Who pays for the new server?', translation: '' },
];

/** Test-only: what the model is scripted to write for PLANNING_LINES. */
export const PLANNING_NOTES = {
  title: 'Release date',
  summary: 'The team discussed the release date.\n\nIt moves to the ninth of September.',
  decisions: ['The release moves to the ninth of September.'],
  actions: [
    { who: 'Lena', what: 'Check the translations', when: 'before Friday' },
    { who: null, what: 'Book the launch room', when: null },
  ],
  openQuestions: ['Who pays for the new server?'],
};

export function draftInput(overrides: Partial<MeetingDraftInput> = {}): MeetingDraftInput {
  return { requestId: 'draft-1', meeting: MEETING, lines: PLANNING_LINES, language: 'en', ...overrides };
}

/** Test-only: `count` lines of about `chars` characters each, a few seconds apart, the sides taking turns. */
export function longMeeting(count: number, chars: number): MeetingLine[] {
  return Array.from({ length: count }, (_, index) => ({
    speaker: index % 2 === 0 ? ('you' as const) : ('others' as const),
    startMs: index * 4_000,
    original: `Línea ${index}: ${'palabra '.repeat(Math.max(1, Math.floor(chars / 8)))}`.slice(0, chars),
    translation: '',
  }));
}
