import type { MouseEvent, PointerEvent } from 'react';
import type { VoiceController } from './voice-controller';

/**
 * What makes a button push-to-talk: pressed with a mouse, a finger or a pen, it records until released (the
 * release is captured even off the button, and a press the system takes back, like a scroll, throws the recording
 * away); from the keyboard (a click with no pointer, detail 0) it toggles, since a key press cannot be held there.
 */
export function holdToTalk(voice: Pick<VoiceController, 'start' | 'finish' | 'discard' | 'toggle'>) {
  return {
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      voice.start('ask');
    },
    onPointerUp: () => voice.finish(),
    onPointerCancel: () => voice.discard(),
    onClick(event: MouseEvent<HTMLButtonElement>) {
      if (event.detail === 0) voice.toggle('ask');
    },
    // A long press on a touch screen would open the context menu instead of talking.
    onContextMenu: (event: MouseEvent<HTMLButtonElement>) => event.preventDefault(),
  };
}
