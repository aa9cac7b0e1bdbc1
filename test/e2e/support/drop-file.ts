import type { Page } from 'playwright-core';

/** A file dragged from the desktop over the window and dropped, as the page's listeners see it. */
export async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('body').evaluate(
    (body, file) => {
      const view = body.ownerDocument.defaultView!;
      const data = new view.DataTransfer();
      data.items.add(new view.File([file.text], file.name, { type: 'application/json' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        view.dispatchEvent(new view.DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    },
    { name, text },
  );
}
