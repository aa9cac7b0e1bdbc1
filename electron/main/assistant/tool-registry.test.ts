import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ASSISTANT } from '../../../shared/limits';
import { err, ok } from '../../../shared/result';
import { createMemoryLogger } from '../log/logger';
import { testToolContext } from '../../../test/support/assistant/assistant-kit';
import { createToolRegistry, defineTool, type Tool } from './tool-registry';

const MEMBER_SECRET = 'the member wrote this private sentence';

const echo = defineTool({
  name: 'echo',
  description: 'Says the words back.',
  args: z.object({ words: z.string().min(1), times: z.number().int().positive().optional() }),
  async execute(_ctx, { words, times = 1 }) {
    return ok({ output: words.repeat(times) });
  },
});

function registryOf(...tools: Tool[]) {
  const log = createMemoryLogger();
  return { registry: createToolRegistry(tools, log), log };
}

const run = (tools: Tool[], name: string, args: Record<string, unknown>, signal = new AbortController().signal) => {
  const { registry, log } = registryOf(...tools);
  return registry.run({ name, args }, testToolContext(), signal).then((result) => ({ ...result, log }));
};

describe('G2 one definition per tool, its declaration derived from its zod schema', () => {
  it('declares each tool with the JSON Schema of its arguments', () => {
    const { registry } = registryOf(echo);
    expect(registry.declarations()).toEqual([
      {
        name: 'echo',
        description: 'Says the words back.',
        parameters: {
          type: 'object',
          properties: { words: { type: 'string', minLength: 1 }, times: { type: 'integer', exclusiveMinimum: 0 } },
          required: ['words'],
        },
      },
    ]);
  });

  it('runs a call with its checked arguments and shows the member what the model was given', async () => {
    const ran = await run([echo], 'echo', { words: 'hi ', times: 2 });
    expect(ran.response).toEqual({ output: 'hi hi ' });
    expect(ran.step).toEqual({ tool: 'echo', args: { words: 'hi ', times: 2 }, result: 'hi hi ', ok: true });
  });

  it('refuses two tools of the same name: a bug, caught when the registry is built', () => {
    expect(() => registryOf(echo, echo)).toThrow(/Two tools are named echo/);
  });
});

describe('G2 nothing that goes wrong with a tool is an error for the member: the model gets {error}', () => {
  it('answers an unknown tool with the tools that exist', async () => {
    const ran = await run([echo], 'delete_everything', {});
    expect(ran.response).toEqual({ error: 'There is no tool named "delete_everything". The tools you can call are: echo.' });
    expect(ran.step).toMatchObject({ tool: 'delete_everything', ok: false, result: ran.response });
  });

  it('checks the arguments before running, and says which one is wrong', async () => {
    let ran = false;
    const strict = defineTool({
      name: 'strict',
      description: 'Needs an id as a string.',
      args: z.object({ id: z.string() }),
      async execute() {
        ran = true;
        return ok({ output: 'ran' });
      },
    });
    const result = await run([strict], 'strict', { id: 1754899200 });
    expect(ran).toBe(false);
    expect(result.response).toEqual({ error: expect.stringMatching(/^The arguments of strict are invalid: id: .*string/) });
    expect(result.step.ok).toBe(false);
  });

  it("passes on a tool's own error sentence, and logs its code, not its data", async () => {
    const failing = defineTool({
      name: 'mailbox',
      description: 'Fails.',
      args: z.object({ q: z.string() }),
      async execute() {
        return err('UPSTREAM', 'Zoho Mail could not be reached. Try again in a moment.', { reason: 'network' });
      },
    });
    const ran = await run([failing], 'mailbox', { q: MEMBER_SECRET });
    expect(ran.response).toEqual({ error: 'mailbox failed: Zoho Mail could not be reached. Try again in a moment.' });
    expect(ran.log.lines.join('\n')).toContain('"reason":"network"');
    expect(ran.log.lines.join('\n')).not.toContain(MEMBER_SECRET);
  });

  it.each([
    ['rejects', async () => Promise.reject(new TypeError('cannot read x of undefined'))],
    [
      'throws before its first await',
      () => {
        throw new RangeError('bad index');
      },
    ],
  ])('turns a tool that %s into a safe sentence for the model, and the detail into the log', async (_how, execute) => {
    const buggy = defineTool({ name: 'buggy', description: 'Has a bug.', args: z.object({ q: z.string() }), execute });
    const ran = await run([buggy], 'buggy', { q: MEMBER_SECRET });
    expect(ran.response).toEqual({ error: 'buggy failed unexpectedly. Answer without it.' });
    const logged = ran.log.lines.join('\n');
    expect(logged).toMatch(/assistant tool threw.*(TypeError: cannot read x of undefined|RangeError: bad index)/);
    expect(logged).not.toContain(MEMBER_SECRET);
  });

  it('stops a tool that runs past its timeout: the abort reaches it, and the model is told', async () => {
    let seen: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'Never finishes on its own.',
      args: z.object({}),
      timeoutMs: 5,
      execute: (_ctx, _args, signal) => {
        seen = signal;
        return new Promise(() => {});
      },
    });
    const ran = await run([slow], 'slow', {});
    expect(seen?.aborted).toBe(true);
    expect(ran.response).toEqual({ error: 'slow took longer than 1 second and was stopped. Answer without it, or try a narrower request.' });
    expect(ran.step.ok).toBe(false);
  });

  it("gives every tool ASSISTANT.toolTimeoutMs unless it names its own", () => {
    expect(echo.timeoutMs).toBe(ASSISTANT.toolTimeoutMs);
  });

  it("passes the member's cancel on to the tool and stops waiting for it", async () => {
    const cancel = new AbortController();
    let seen: AbortSignal | undefined;
    const waiting = defineTool({
      name: 'waiting',
      description: 'Waits.',
      args: z.object({}),
      execute: (_ctx, _args, signal) => {
        seen = signal;
        setImmediate(() => cancel.abort());
        return new Promise(() => {});
      },
    });
    const ran = await run([waiting], 'waiting', {}, cancel.signal);
    expect(seen?.aborted).toBe(true);
    expect(ran.response).toEqual({ error: 'The member cancelled the request.' });
  });

  it('refuses a result larger than ASSISTANT.toolResultMaxChars and asks the model for less, citing nothing', async () => {
    const huge = defineTool({
      name: 'huge',
      description: 'Returns too much.',
      args: z.object({}),
      async execute() {
        return ok({
          output: 'x'.repeat(ASSISTANT.toolResultMaxChars),
          sources: [{ kind: 'note' as const, title: 'T', path: 't.md', chunkTitle: 'Intro', relevance: null }],
        });
      },
    });
    const ran = await run([huge], 'huge', {});
    expect(ran.response).toEqual({ error: expect.stringMatching(/^The result of huge was too large to send .* Ask for less/) });
    expect(ran.sources).toEqual([]);
  });
});
