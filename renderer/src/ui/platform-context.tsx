import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useApi } from '../api';

/** undefined: no provider above; null: the platform is not known (yet, or app:info failed). */
const PlatformContext = createContext<string | null | undefined>(undefined);

/** The operating system main runs on ("linux", "darwin", "win32"), for advice that differs per platform. */
export function usePlatform(): string | null {
  const platform = use(PlatformContext);
  if (platform === undefined) throw new Error('usePlatform() needs a <PlatformProvider> above it.');
  return platform;
}

/** Asks main once which platform it runs on; the page cannot tell reliably from inside the sandbox. */
export function PlatformProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [platform, setPlatform] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.app.info().then((result) => {
      if (live && result.ok) setPlatform(result.value.platform);
    });
    return () => {
      live = false;
    };
  }, [api]);

  return <PlatformContext value={platform}>{children}</PlatformContext>;
}
