import type { Page } from 'playwright-core';

/**
 * What a member would notice is wrong with the pane names in the sidebar, in words (none when all is well): no badge
 * showing (the check is meant for a sidebar with one), or a name cut short, beside its badge or not. Call with the
 * sidebar drawn wide: in the narrow window's rail, while it is pointed at.
 */
export async function sidebarProblems(page: Page): Promise<string[]> {
  const tabs = await page.getByRole('tablist').evaluate((list) =>
    [...list.querySelectorAll('[role="tab"]')].map((tab) => {
      const label = tab.querySelector('[id^="tab-label-"]')!;
      const badge = tab.querySelector('[id^="tab-badge-"]') ? tab.querySelector('.pill') : null;
      const sidebar = list.closest('nav')!.parentElement!.getBoundingClientRect();
      const box = label.getBoundingClientRect();
      return {
        name: label.textContent ?? '',
        scroll: { width: label.scrollWidth, height: label.scrollHeight },
        client: { width: label.clientWidth, height: label.clientHeight },
        insideSidebar: box.left >= sidebar.left && box.right <= sidebar.right,
        badgeWidth: badge?.getBoundingClientRect().width ?? 0,
      };
    }),
  );
  const problems: string[] = [];
  if (!tabs.some((tab) => tab.badgeWidth > 0)) problems.push('no pane shows a badge');
  for (const { name, scroll, client, insideSidebar } of tabs) {
    if (scroll.width > client.width || scroll.height > client.height) {
      problems.push(`"${name}" is cut short: ${client.width}x${client.height} px shown of ${scroll.width}x${scroll.height}`);
    }
    if (!insideSidebar) problems.push(`"${name}" runs past the sidebar's edge`);
  }
  return problems;
}

/** Points at the narrow window's rail and waits until it has widened to show the names. */
export async function openRail(page: Page): Promise<void> {
  const tabs = page.getByRole('tablist');
  await tabs.hover();
  await tabs.evaluate(async (list) => {
    // Its width eases open (getAnimations() brings the styles up to date first, so the transition is among them).
    const sidebar = list.closest('nav')!.parentElement!;
    await Promise.all(sidebar.getAnimations().map((animation: { finished: Promise<unknown> }) => animation.finished));
  });
}
