/** Google's Gemini API, for the app and the calibration command; tests point the gateway at a local double. */
export const GEMINI_API_URL = 'https://generativelanguage.googleapis.com';
