import type { Turn, UserTurn } from './gateway-types';

/** A conversation turn as the renderer keeps it (`assistant` is the model's side). */
export interface HistoryTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** An earlier turn of the conversation, as the model reads it. */
export function historyTurn(turn: HistoryTurn): Turn {
  return turn.role === 'user' ? userText(turn.content) : { role: 'model', parts: [{ text: turn.content }] };
}

export function userText(text: string): UserTurn {
  return { role: 'user', parts: [{ text }] };
}
