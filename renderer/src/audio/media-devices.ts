/** The page's microphones and cameras: typed as always there, but missing outside a secure context. */
export function mediaDevices(): MediaDevices | undefined {
  return navigator.mediaDevices as MediaDevices | undefined;
}
