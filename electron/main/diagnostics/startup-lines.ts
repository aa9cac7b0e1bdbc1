import { STARTUP } from '../../../shared/limits';
import { START_MARKS, type StartMark, type StartupFigures } from '../startup/startup-marks';

const NAMES: Record<StartMark, string> = { trayReady: 'tray ready', windowShown: 'window shown', firstPaint: 'first paint' };

/** The figures the README's budgets are for: the tray icon, and the window usable (its pane painted). */
const BUDGETS: Partial<Record<StartMark, number>> = {
  trayReady: STARTUP.trayReadyBudgetMs,
  firstPaint: STARTUP.windowUsableBudgetMs,
};

function budgetText(mark: StartMark, ms: number): string {
  const budget = BUDGETS[mark];
  if (budget === undefined) return '';
  return ms <= budget ? ` (budget ${budget} ms)` : ` (over its budget of ${budget} ms)`;
}

function missingText(mark: StartMark, figures: StartupFigures): string {
  if (mark === 'windowShown' && figures.startedHidden) return 'not shown (started in the tray)';
  return figures.over ? 'not reached' : 'not yet';
}

/** This run's start (RD4): each figure in the order reached, then what it did not reach, then quick ask's times. */
export function startupLines(figures: StartupFigures | null): string[] {
  if (!figures) return ['not measured (nothing was started in this process)'];
  const missing = START_MARKS.filter((mark) => !figures.reached.some((figure) => figure.mark === mark));
  const { quickAsk } = figures;
  return [
    ...figures.reached.map(({ mark, ms }) => `${NAMES[mark]} = ${ms} ms${budgetText(mark, ms)}`),
    ...missing.map((mark) => `${NAMES[mark]} = ${missingText(mark, figures)}`),
    quickAsk
      ? `quick ask to visible = ${quickAsk.firstMs} ms the first time, ${quickAsk.lastMs} ms the latest`
      : 'quick ask to visible = not opened since the app started',
  ];
}
