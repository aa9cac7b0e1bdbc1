import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from '../../shared/ipc/api';
import { contract } from '../../shared/ipc/contract';
import { createIpcTransport } from './ipc-transport';

// The page's only door to main: window.api, generated from the contract. Nothing else is exposed.
contextBridge.exposeInMainWorld('api', buildApi(contract, createIpcTransport(ipcRenderer)));
