import { protocol } from 'electron';
import { APP_SCHEME } from '../app/app-origin';
import { serveAppFile, type AppFilesDeps } from './app-files';

/**
 * Must run before the app is ready. standard + secure give the page a real origin and a secure context (the
 * microphone needs one); supportFetchAPI lets the page fetch its own assets. No CSP bypass, no service workers.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer under app://staff-desk/. Call once the app is ready. */
export function handleAppProtocol(deps: AppFilesDeps): void {
  protocol.handle(APP_SCHEME, (request) => serveAppFile(request.url, deps));
}
