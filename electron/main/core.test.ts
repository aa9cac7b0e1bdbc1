import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../shared/lang';
import { fakeSender } from '../../test/support/fake-sender';
import { createTestCore, type TestCore } from '../../test/support/test-core';

let test: TestCore | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
});

/** A core on a Spanish system, and the languages it announced. */
function start() {
  const announced: Lang[] = [];
  test = createTestCore({ systemLanguages: ['es-ES', 'en-US'], languageChanged: (lang) => announced.push(lang) });
  const { sender } = fakeSender();
  const update = async (patch: object) => {
    expect(await test!.core.registry.call('settings:update', patch, sender)).toMatchObject({ ok: true });
  };
  return { core: test.core, announced, update };
}

describe("the core's language", () => {
  it("is the system's until the member chooses one, and is announced each time a settings write changes it", async () => {
    const { core, announced, update } = start();
    expect(core.lang()).toBe('es');

    await update({ language: 'ru' });
    expect(core.lang()).toBe('ru');
    await update({ language: null });
    expect(core.lang()).toBe('es');
    expect(announced).toEqual(['ru', 'es']);
  });

  it('is not announced when a write leaves it as it was', async () => {
    const { announced, update } = start();
    // Choosing Spanish on a Spanish system: the words the member sees stay the same.
    await update({ language: 'es' });
    await update({ firstRun: { checklistDismissed: true } });
    expect(announced).toEqual([]);
  });
});
