import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AssistantDone } from '../../../shared/assistant';
import { ok } from '../../../shared/result';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { ApiContext } from '../api';
import { AssistantPane } from '../assistant/assistant-pane';
import { ConversationProviders } from '../conversation-providers';
import type { PaneProps } from '../navigation/pane-id';
import { OraclePane } from '../oracle/oracle-pane';
import { QuickAsk } from '../quick-ask/quick-ask';
import { SecretaryPane } from '../secretary/secretary-pane';
import { createFakeMain, endWith } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';

/** How a screen reader treats changes to `node`: the nearest live region's politeness, explicit or by its role. */
function politenessAt(node: Element): string {
  const implicit: Record<string, string> = { log: 'polite', status: 'polite', alert: 'assertive' };
  for (let element: Element | null = node; element; element = element.parentElement) {
    const live = element.getAttribute('aria-live');
    if (live) return live;
    const role = element.getAttribute('role') ?? '';
    if (role in implicit) return implicit[role]!;
  }
  return 'off';
}

const announcements = () => screen.getByRole('log', { name: 'Finished answers' });
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
const ANSWER = 'It is a quarter past ten in Ulaanbaatar.';

function done(answer: string): AssistantDone {
  return { answer, steps: [], sources: [], degraded: false, incomplete: false, model: DEFAULT_SETTINGS.models.assistant, duration_ms: 1200 };
}

/** Streams ANSWER in three chunks, checking at each that what is on screen is announced by nothing. */
async function streamAnswer(main: ReturnType<typeof createFakeMain>, log: () => HTMLElement) {
  const [call] = main.streams('assistant:chat');
  const chunks = ['It is a quarter ', 'past ten ', 'in Ulaanbaatar.'];
  let shown = '';
  for (const chunk of chunks) {
    act(() => call!.progress('assistant:chunk', { text: chunk }));
    await nextFrame();
    shown += chunk;
    const partial = within(log()).getByText(shown.trim());
    expect(politenessAt(partial)).toBe('off');
    expect(announcements()).toBeEmptyDOMElement();
  }
  act(() => call!.finish(done(ANSWER)));
}

describe('UQ10: a streamed answer is announced once, whole, when it ends', () => {
  it('UQ10: the Assistant pane keeps the growing answer out of live regions, then announces it once', async () => {
    const main = createFakeMain({});
    const user = userEvent.setup();
    renderWithApp(<AssistantPane openPane={vi.fn()} />, { api: main.api });
    const log = () => screen.getByRole('log', { name: 'Conversation with the assistant' });
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'What time is it?{Enter}');
    await streamAnswer(main, log);

    await within(log()).findByRole('button', { name: 'Copy answer' });
    expect(politenessAt(within(log()).getByText(ANSWER))).toBe('off');
    expect(within(announcements()).getAllByText(ANSWER)).toHaveLength(1);
    expect(announcements().children).toHaveLength(1);
  });

  it('UQ10: the quick-ask window keeps the growing answer out of live regions, then announces it once', async () => {
    const main = createFakeMain({ configured: ['gemini.apiKey'] });
    const user = userEvent.setup();
    render(
      <ApiContext value={main.api}>
        <ConversationProviders systemLang="en">
          <QuickAsk />
        </ConversationProviders>
      </ApiContext>,
    );
    const answer = () => screen.getByRole('region', { name: 'Answer' });
    await user.type(await screen.findByRole('textbox', { name: 'Ask the Assistant…' }), 'What time is it?{Enter}');
    await streamAnswer(main, answer);

    await within(answer()).findByRole('button', { name: 'Copy answer' });
    expect(politenessAt(within(answer()).getByText(ANSWER))).toBe('off');
    expect(within(announcements()).getAllByText(ANSWER)).toHaveLength(1);
  });

  const ASKED: ReadonlyArray<{ name: string; Pane: ComponentType<PaneProps>; log: string; main: () => ReturnType<typeof createFakeMain> }> = [
    {
      name: 'the Secretary',
      Pane: SecretaryPane,
      log: 'Conversation with the secretary',
      main: () =>
        createFakeMain({
          zohoMailbox: 'ana.perez@crearack.example',
          streams: {
            'secretary:ask': endWith(() => ok({ answer: ANSWER, tool_rounds: 1, duration_ms: 900, model: DEFAULT_SETTINGS.models.secretary, sources: [] })),
          },
        }),
    },
    {
      name: 'the Oracle',
      Pane: OraclePane,
      log: 'Conversation with the oracle',
      main: () =>
        createFakeMain({
          handlers: {
            'oracle:ask': async () =>
              ok({ answer: ANSWER, sources: [], model: DEFAULT_SETTINGS.models.oracle, chunks_used: 0, duration_ms: 900, mode: 'hybrid' as const, kind: 'answer' as const }),
          },
        }),
    },
  ];

  it.each(ASKED)('UQ10: $name announces its answer once, from the same hidden log', async ({ Pane, log, main }) => {
    const user = userEvent.setup();
    renderWithApp(<Pane openPane={vi.fn()} />, { api: main().api });
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'What time is it?{Enter}');
    const shown = await within(screen.getByRole('log', { name: log })).findByText(ANSWER);
    expect(politenessAt(shown)).toBe('off');
    expect(within(announcements()).getAllByText(ANSWER)).toHaveLength(1);
  });
});
