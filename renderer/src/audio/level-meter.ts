/** A meter shows nothing below this: room noise sits around here, and speech starts well above it. */
const METER_FLOOR_DBFS = -60;

export interface Level {
  /** For a meter: 0 at METER_FLOOR_DBFS or quieter, 1 at full scale. */
  readonly level: number;
  /** RMS in dB relative to full scale: what tells speech from silence (VOICE.speechLevelDbfs). */
  readonly dbfs: number;
}

/** The loudness of one window of samples in -1..1, as an AnalyserNode's getFloatTimeDomainData gives them. */
export function measureLevel(samples: Float32Array): Level {
  let sumOfSquares = 0;
  for (const sample of samples) sumOfSquares += sample * sample;
  const rms = samples.length === 0 ? 0 : Math.sqrt(sumOfSquares / samples.length);
  const dbfs = rms === 0 ? -Infinity : 20 * Math.log10(rms);
  const level = Math.min(1, Math.max(0, (dbfs - METER_FLOOR_DBFS) / -METER_FLOOR_DBFS));
  return { level, dbfs };
}
