import { DIAGNOSTICS } from '../../../shared/limits';
import { SECRET_NAMES } from '../../../shared/secrets';
import { createRedactor } from '../log/logger';
import type { DiagnosticsPorts } from './diagnostics-ports';
import { logTail } from './log-tail';
import { redactLogLine } from './redact-log-line';
import { appLines, crashLines, knowledgeLine, liveLines, mailboxLine, policyLines, signInLine } from './report-sections';
import { settingsLines } from './settings-lines';
import { startupLines } from './startup-lines';

/**
 * Every secret's value as it is now, masked wherever it appears in the finished report, with anything shaped like a
 * JWT: the report is built from names, codes and counts, and this is the net under it (TP4).
 */
async function masker(secrets: DiagnosticsPorts['secrets']): Promise<(text: string) => string> {
  const redactor = createRedactor();
  for (const name of SECRET_NAMES) {
    const read = await secrets.get(name);
    if (read.ok && read.value !== null) redactor.add(read.value);
  }
  return (text) => redactor.apply(text);
}

/**
 * Help > Copy diagnostics (issue 28, TP4): a plain-text report for whoever supports the member, in English (the
 * support person's language, whatever the member reads), section by section.
 */
export async function buildReport(ports: DiagnosticsPorts, signal: AbortSignal): Promise<string> {
  const settings = ports.settings();
  const configured = await ports.secrets.status();
  const mailbox = await ports.mailbox(signal);
  const log = await logTail(ports.runtime.logDir, DIAGNOSTICS.logLines);
  const crashes = await ports.crashes.recent();
  const sections: Array<[string, string[]]> = [
    ['App', appLines(ports.runtime)],
    ['Settings', settingsLines(settings, configured, ports.keyCheck())],
    ['Policy', policyLines(ports.policy.state())],
    ['Capabilities', [signInLine(ports.signIn()), mailboxLine(mailbox), knowledgeLine(ports.knowledge()), ...liveLines(settings, ports.live)]],
    ['Last start (milliseconds since the process started)', startupLines(ports.lastStart())],
    ['Recent crashes', crashLines(settings, crashes, ports.crashes.gone())],
    [`Recent log (last ${log.length} lines, redacted)`, log.map(redactLogLine)],
  ];
  const text = [
    `Staff Desk diagnostics, ${new Date(ports.now()).toISOString()}`,
    ...sections.map(([title, lines]) => [``, `== ${title} ==`, ...lines].join('\n')),
  ].join('\n');
  return (await masker(ports.secrets))(`${text}\n`);
}
