import { isLang, textDirection } from '../../../shared/lang';
import './indicator.css';

/**
 * The on-top "microphone live" notice main shows while the window is out of sight. It has no preload and hears
 * nothing from main: main writes what it says into the page's address (?lang=…&label=…).
 */
const query = new URLSearchParams(window.location.search);
const lang = query.get('lang');
if (isLang(lang)) {
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
}
const label = document.getElementById('label');
if (label) label.textContent = query.get('label') ?? '';
