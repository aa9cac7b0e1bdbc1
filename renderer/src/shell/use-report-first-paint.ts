import { useEffect } from 'react';
import { useApi } from '../api';

/**
 * Tells main when the window's first frame with the app in it (the tabs, the pane's heading, in the member's
 * language) is on screen, for the start's figures (RD4). A frame callback runs before its frame is painted, so the
 * one after it marks the first frame done. Main keeps the start's first word only: a reload's changes nothing.
 */
export function useReportFirstPaint(): void {
  const api = useApi();
  useEffect(() => {
    let painted = 0;
    const drawn = requestAnimationFrame(() => {
      painted = requestAnimationFrame(() => void api.app.painted());
    });
    return () => {
      cancelAnimationFrame(drawn);
      cancelAnimationFrame(painted);
    };
  }, [api]);
}
