import { ok, type Result } from '../../../shared/result';
import type { TextFiles } from '../files/text-files';
import type { DiagnosticsTexts } from '../texts/diagnostics-texts';
import type { DiagnosticsPorts } from './diagnostics-ports';
import { buildReport } from './diagnostics-report';

export interface Diagnostics {
  /** Builds the report and puts it on the system clipboard: `diagnostics:copy`, Help and the tray's entry. */
  copy(signal?: AbortSignal): Promise<Result<{ copied: true; lines: number }>>;
  /** Builds the report and writes it, whole, to a file the member chooses; false when they cancel. */
  save(signal?: AbortSignal): Promise<Result<{ saved: boolean }>>;
}

export interface DiagnosticsDeps {
  ports: DiagnosticsPorts;
  /** Writes text to the system clipboard. */
  copyText: (text: string) => void;
  /** The system's save dialog, writing a file whole or not at all (files/atomic-write.ts). */
  files: Pick<TextFiles, 'save'>;
  /** The dialog's words, in the member's language at the moment of saving. */
  texts: () => DiagnosticsTexts;
}

const unaborted = () => new AbortController().signal;

export function createDiagnostics(deps: DiagnosticsDeps): Diagnostics {
  return {
    async copy(signal = unaborted()) {
      const report = await buildReport(deps.ports, signal);
      deps.copyText(report);
      return ok({ copied: true as const, lines: report.split('\n').length - 1 });
    },
    async save(signal = unaborted()) {
      const report = await buildReport(deps.ports, signal);
      const words = deps.texts();
      const day = new Date(deps.ports.now()).toISOString().slice(0, 10);
      const saved = await deps.files.save(
        { fileName: `staff-desk-diagnostics-${day}`, extension: 'txt', kindName: words.fileKind, title: words.saveTitle },
        report,
      );
      return saved.ok ? ok({ saved: saved.value }) : saved;
    },
  };
}
