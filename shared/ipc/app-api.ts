import type { Api } from './api';
import type { AppContract } from './contract';

/** The type of `window.api` in the renderer. */
export type AppApi = Api<AppContract>;
