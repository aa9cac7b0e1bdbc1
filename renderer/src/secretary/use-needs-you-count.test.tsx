import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { digestWith } from '../testing/digest-fixtures';
import { createFakeMain, FAKE_MEMBER, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { useNeedsYouCount } from './use-needs-you-count';


function Badge() {
  return <output aria-label="Needs you">{useNeedsYouCount()}</output>;
}

function setup(options: FakeMainOptions) {
  const main = createFakeMain(options);
  renderWithApp(<Badge />, { api: main.api });
  return main;
}

const badge = () => screen.getByRole('status', { name: 'Needs you' });

describe('the count for the Secretary’s tab', () => {
  it('counts the open items of the latest pass, and follows each pass and dismissal main announces', async () => {
    const main = setup({ digest: digestWith('1', '2', '3') });
    await expect.poll(() => badge().textContent).toBe('3');

    await act(() => main.api.digest.dismiss({ messageId: '1' }));
    await expect.poll(() => badge().textContent).toBe('2');

    act(() => main.emit('digest:updated', { latest: digestWith('2', '3', '4', '5'), failure: null }));
    expect(badge()).toHaveTextContent('4');
  });

  it('keeps the items of the last good pass through a failed one', async () => {
    const main = setup({ digest: digestWith('1', '2') });
    await expect.poll(() => badge().textContent).toBe('2');
    act(() =>
      main.emit('digest:updated', {
        latest: digestWith('1', '2'),
        failure: { at: new Date().toISOString(), trigger: 'scheduled', error: { code: 'UPSTREAM', message: 'x', reason: 'overloaded' } },
      }),
    );
    expect(badge()).toHaveTextContent('2');
  });

  it('is 0 before the first pass, and while nobody is signed in', async () => {
    const main = setup({});
    await expect.poll(() => main.invoke.mock.calls.some(([channel]) => channel === 'digest:state')).toBe(true);
    expect(badge()).toHaveTextContent('0');

    act(() => main.emit('digest:updated', { latest: digestWith('1'), failure: null }));
    expect(badge()).toHaveTextContent('1');
    act(() => main.changeAuth({ state: 'signed_out' }));
    expect(badge()).toHaveTextContent('0');
    act(() => main.changeAuth({ state: 'signed_in', ...FAKE_MEMBER, expiresAt: Date.now() + 60_000 }));
    await expect.poll(() => badge().textContent).toBe('0');
  });
});
