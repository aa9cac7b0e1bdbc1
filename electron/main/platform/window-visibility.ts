/** The part of a BrowserWindow that showing and hiding needs, so this logic is tested without Electron. */
export interface ToggleableWindow {
  isDestroyed(): boolean;
  isVisible(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  hide(): void;
  focus(): void;
}

export function revealWindow(window: ToggleableWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** The tray icon's click: hides a window the member can see, otherwise brings it forward. */
export function toggleWindow(window: ToggleableWindow): void {
  if (window.isDestroyed()) return;
  if (window.isVisible() && !window.isMinimized()) window.hide();
  else revealWindow(window);
}
