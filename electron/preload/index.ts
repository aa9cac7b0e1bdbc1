import { contextBridge, ipcRenderer } from 'electron';
import { buildApiFromManifest, type ApiManifest } from '../../shared/ipc/api';
import type { AppBroadcasts, AppContract } from '../../shared/ipc/contract';
import { createIpcTransport } from './ipc-transport';

/** The contract's channel and event names, written in by the build (electron.vite.config.ts). */
declare const __IPC_MANIFEST__: ApiManifest;

// The page's only door to main: window.api, generated from the contract. Nothing else is exposed.
contextBridge.exposeInMainWorld('api', buildApiFromManifest<AppContract, AppBroadcasts>(__IPC_MANIFEST__, createIpcTransport(ipcRenderer)));
