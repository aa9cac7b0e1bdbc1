/**
 * `text` (a path, a name, a subject) ready for a place in a translated sentence: between FIRST STRONG ISOLATE and
 * POP DIRECTIONAL ISOLATE, the plain-text <bdi>, so it takes the direction of its own first letter and its neutral
 * ends ("/", ")") do not join the sentence around it. Unisolated, "/home/ana/Vault" in an Arabic sentence shows
 * as "home/ana/Vault/".
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
