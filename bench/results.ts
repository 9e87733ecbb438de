import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const benchDir = dirname(fileURLToPath(import.meta.url));

export interface BenchReport {
  /** Benchmark name: results go to bench/results/<name>.json and to a section of bench/RESULTS.md. */
  name: string;
  /** The command that produced the figures, e.g. `npm run bench:gas`. */
  command: string;
  /** Machine-readable figures, by name. */
  figures: Record<string, unknown>;
  /** Human-readable markdown (tables, ratios, goal met or not) for bench/RESULTS.md. */
  markdown: string;
}

/** Writes bench/results/<name>.json and replaces the benchmark's own section of bench/RESULTS.md. */
export function writeBenchReport(report: BenchReport): void {
  const date = new Date().toISOString();
  const machine = `${os.cpus().length} cores, Node ${process.version}`;
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  writeFileSync(
    join(benchDir, 'results', `${report.name}.json`),
    JSON.stringify({ name: report.name, command: report.command, date, machine, figures: report.figures }, null, 2) + '\n',
  );
  const file = join(benchDir, 'RESULTS.md');
  const header = '# Benchmark results\n\nEach section is rewritten by the command it names. Ratios compare figures measured in the same run.\n';
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const begin = `<!-- bench:${report.name}:begin -->`;
  const end = `<!-- bench:${report.name}:end -->`;
  const section = `${begin}\n## ${report.name}\n\nCommand: \`${report.command}\` (${date}, ${machine})\n\n${report.markdown.trim()}\n${end}`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  text = start >= 0 && stop > start ? text.slice(0, start) + section + text.slice(stop + end.length) : `${text.trimEnd()}\n\n${section}\n`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
