import type { ApiTransport } from '../../../shared/ipc/api';
import { buildAppApi } from '../../../shared/ipc/app-api';
import { decodeFrame, encodeFrame } from '../../../shared/ipc/binary-frame';
import { err } from '../../../shared/result';

/**
 * window.api for the harness page: the same api the preload builds, over the harness WebSocket instead of
 * Electron IPC. Loaded as a classic script before the app's module, so window.api exists when the app starts.
 * A reload is a new page with a new socket; the harness releases the old socket's work when it closes. Bytes
 * (microphone frames, answer audio) travel as binary frames both ways, as they do over Electron IPC.
 */
type Incoming = { id: number; result: unknown } | { event: string; payload: unknown };

function socketTransport(url: string): ApiTransport {
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  const queued: Array<string | Uint8Array<ArrayBuffer>> = [];
  const pending = new Map<number, (result: unknown) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  const closed = () => err('INTERNAL', 'The connection to the harness closed. Reload the page to reconnect.');

  socket.addEventListener('open', () => {
    for (const frame of queued.splice(0)) socket.send(frame);
  });
  socket.addEventListener('message', (event) => {
    const data: unknown = event.data;
    const decoded = decodeFrame(data instanceof ArrayBuffer ? new Uint8Array(data) : String(data));
    if (!decoded.ok) {
      console.warn(`harness socket: a message that could not be read was ignored (${decoded.fault})`);
      return;
    }
    const message = decoded.message as Incoming;
    if ('id' in message) {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    } else {
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
    }
  });
  socket.addEventListener('close', () => {
    // Calls still waiting get an answer the page can show, not a promise that never settles.
    for (const resolve of pending.values()) resolve(closed());
    pending.clear();
  });

  return {
    invoke(channel, input) {
      if (socket.readyState === WebSocket.CLOSING || socket.readyState === WebSocket.CLOSED) {
        return Promise.resolve(closed());
      }
      const id = nextId++;
      const frame = encodeFrame({ id, channel, input });
      return new Promise((resolve) => {
        pending.set(id, resolve);
        if (socket.readyState === WebSocket.OPEN) socket.send(frame);
        else queued.push(frame);
      });
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => {
        set.delete(listener);
      };
    },
  };
}

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
// Which page this is, so the harness keeps the page to its window's channels (the app tells its windows apart itself).
const page = window.location.pathname.endsWith('/quick-ask.html') ? 'quickAsk' : 'main';
const api = buildAppApi(socketTransport(`${scheme}//${window.location.host}/ipc?token=${encodeURIComponent(token)}&window=${page}`));
Object.defineProperty(window, 'api', { value: api, enumerable: true });
