/** `assistant:chat` -> `assistant`. Kept free of zod so the preload can use it without bundling schemas. */
export function domainOf(channel: string): string {
  return channel.slice(0, channel.indexOf(':'));
}
