import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../app/app-origin';
import { allowsPermission, type PermissionAsk } from './permission-policy';

const origins = [APP_ORIGIN, 'http://localhost:5173'];
const microphone: PermissionAsk = {
  permission: 'media',
  requester: 'app://staff-desk/',
  isMainFrame: true,
  mediaTypes: ['audio'],
  // Push-to-talk's global shortcut reaches the page as a message: the microphone needs no act in the window.
  memberActed: false,
};

describe('permission policy', () => {
  it('lets the app page use the microphone', () => {
    expect(allowsPermission(microphone, origins)).toBe(true);
    expect(allowsPermission({ ...microphone, requester: APP_ORIGIN }, origins)).toBe(true);
    expect(allowsPermission({ ...microphone, requester: 'http://localhost:5173/' }, origins)).toBe(true);
  });

  it('refuses the camera, even asked together with the microphone', () => {
    expect(allowsPermission({ ...microphone, mediaTypes: ['video'] }, origins)).toBe(false);
    expect(allowsPermission({ ...microphone, mediaTypes: ['audio', 'video'] }, origins)).toBe(false);
    expect(allowsPermission({ ...microphone, mediaTypes: ['unknown'] }, origins)).toBe(false);
    expect(allowsPermission({ ...microphone, mediaTypes: [] }, origins)).toBe(false);
  });

  it('refuses every other permission', () => {
    for (const permission of ['notifications', 'geolocation', 'clipboard-read', 'openExternal', 'hid']) {
      expect(allowsPermission({ ...microphone, permission }, origins), permission).toBe(false);
    }
  });

  it("lets the app page capture the computer's audio, with the picture getDisplayMedia cannot leave out (T2)", () => {
    const computerAudio: PermissionAsk = { ...microphone, permission: 'display-capture', mediaTypes: ['video', 'audio'], memberActed: true };
    expect(allowsPermission(computerAudio, origins)).toBe(true);
    expect(allowsPermission({ ...computerAudio, mediaTypes: ['audio'] }, origins)).toBe(true);
  });

  it('refuses a screen capture not asked for its audio, and the computer’s audio to other origins and frames', () => {
    const computerAudio: PermissionAsk = { ...microphone, permission: 'display-capture', mediaTypes: ['video', 'audio'], memberActed: true };
    expect(allowsPermission({ ...computerAudio, mediaTypes: ['video'] }, origins)).toBe(false);
    expect(allowsPermission({ ...computerAudio, mediaTypes: [] }, origins)).toBe(false);
    expect(allowsPermission({ ...computerAudio, mediaTypes: ['audio', 'unknown'] }, origins)).toBe(false);
    expect(allowsPermission({ ...computerAudio, requester: 'https://evil.example/' }, origins)).toBe(false);
    expect(allowsPermission({ ...computerAudio, isMainFrame: false }, origins)).toBe(false);
  });

  it("SEC-2: refuses the computer's audio (and getUserMedia's desktop source) unless the member just acted", () => {
    const computerAudio: PermissionAsk = { ...microphone, permission: 'display-capture', mediaTypes: ['video', 'audio'], memberActed: false };
    expect(allowsPermission(computerAudio, origins)).toBe(false);
    expect(allowsPermission({ ...computerAudio, mediaTypes: ['audio'] }, origins)).toBe(false);
  });

  it('UQ7: lets the app page fill the screen (captions on a shared screen), and no other origin or frame', () => {
    const fullScreen: PermissionAsk = { ...microphone, permission: 'fullscreen', mediaTypes: [] };
    expect(allowsPermission(fullScreen, origins)).toBe(true);
    expect(allowsPermission({ ...fullScreen, requester: 'https://evil.example/' }, origins)).toBe(false);
    expect(allowsPermission({ ...fullScreen, requester: 'app://other/' }, origins)).toBe(false);
    expect(allowsPermission({ ...fullScreen, isMainFrame: false }, origins)).toBe(false);
  });

  it('refuses the microphone to other origins and to frames inside the page', () => {
    for (const requester of ['https://evil.example/', 'app://other/', 'file:///index.html', 'http://localhost:5174/', '']) {
      expect(allowsPermission({ ...microphone, requester }, origins), requester).toBe(false);
    }
    expect(allowsPermission({ ...microphone, isMainFrame: false }, origins)).toBe(false);
  });
});
