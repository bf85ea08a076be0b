// The bench's figures: printed as a table beside their budgets, and written as JSON.
import fs from 'node:fs';
import os from 'node:os';

export type TFigure = {
  /** A stable key, e.g. `read.profile.postgres.p99`. */
  id: string;
  section: string;
  name: string;
  /** Null when it could not be measured here (the note says why). */
  value: number | null;
  unit: string;
  /** Only figures that have a budget: its text and whether the value meets it. */
  budget?: { text: string; pass: boolean };
  note?: string;
};

export type TReport = {
  add: (figure: TFigure) => void;
  figures: () => readonly TFigure[];
  failures: () => readonly TFigure[];
};

export function createReport(): TReport {
  const figures: TFigure[] = [];
  return {
    add: (figure) => void figures.push(figure),
    figures: () => figures,
    failures: () => figures.filter((figure) => figure.budget && !figure.budget.pass),
  };
}

function formatValue(figure: TFigure): string {
  if (figure.value === null) return 'not measured';
  const digits = Number.isInteger(figure.value) || Math.abs(figure.value) >= 100 ? 0 : 1;
  return `${figure.value.toFixed(digits)} ${figure.unit}`;
}

/** The figures as a text table, grouped by section, then the failing budgets. */
export function formatReport(report: TReport, title: string): string {
  const figures = report.figures();
  const nameWidth = Math.max(...figures.map((f) => f.name.length), 10);
  const valueWidth = Math.max(...figures.map((f) => formatValue(f).length), 10);
  const budgetWidth = Math.max(...figures.map((f) => f.budget?.text.length ?? 0), 6);
  const lines = [title, ''];
  let section = '';
  for (const figure of figures) {
    if (figure.section !== section) {
      section = figure.section;
      lines.push(section);
    }
    const result = figure.budget ? (figure.budget.pass ? 'PASS' : 'FAIL') : '';
    const note = figure.note ? `  (${figure.note})` : '';
    lines.push(
      `  ${figure.name.padEnd(nameWidth)}  ${formatValue(figure).padStart(valueWidth)}  ${(figure.budget?.text ?? '').padEnd(budgetWidth)}  ${result.padEnd(4)}${note}`.trimEnd(),
    );
  }
  const failures = report.failures();
  lines.push('');
  if (failures.length === 0) lines.push('Every budget is met.');
  else {
    lines.push(`Budgets missed (${failures.length}):`);
    for (const figure of failures)
      lines.push(`  FAIL ${figure.name}: ${formatValue(figure)}, budget ${figure.budget?.text}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The machine the figures were taken on. */
export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes the figures and their context as JSON. */
export function writeResults(path: string, report: TReport, context: Record<string, unknown>): void {
  const body = {
    date: new Date().toISOString(),
    machine: machine(),
    ...context,
    figures: report.figures(),
    failures: report.failures().map((figure) => figure.id),
  };
  fs.writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`);
}
