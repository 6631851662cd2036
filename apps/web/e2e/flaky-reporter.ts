import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * Lists, after the run, every test that failed first and passed on a retry. A retry keeps one flake
 * from failing CI, but a flaky test is a bug to fix: it is named in the output, and written to
 * `flaky.txt` in the output folder so the test runner's summary can show the count.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: TestCase[] = [];

  constructor(private readonly options: { outputFile?: string } = {}) {}

  onTestEnd(test: TestCase) {
    if (test.outcome() === 'flaky' && !this.flaky.includes(test)) this.flaky.push(test);
  }

  onEnd(result: FullResult) {
    const lines = this.flaky.map((test) => {
      const [, , file, ...titles] = test.titlePath();
      const failures = test.results.filter((r) => r.status !== 'passed' && r.status !== 'skipped');
      const error = failures[0]?.error;
      const message = stripVTControlCharacters(error?.message ?? '').split('\n');
      // The first line says what failed; a deep-equality diff's changed lines say with what (CI keeps only
      // this summary), and the failing call's line says where.
      const diff = message.filter((line) => /^\s*[+-] /.test(line)).slice(0, 6).map((line) => line.trim());
      const at = error?.location ? ` at ${path.basename(error.location.file)}:${error.location.line}` : '';
      const said = [message[0], ...diff].join(' | ');
      return `${file} › ${titles.join(' › ')} (line ${test.location.line}), passed on retry ${test.results.length - 1}${at}: ${said}`;
    });
    if (this.options.outputFile) {
      mkdirSync(path.dirname(this.options.outputFile), { recursive: true });
      writeFileSync(this.options.outputFile, lines.map((line) => `${line}\n`).join(''));
    }
    if (lines.length === 0) return;
    const bar = '!'.repeat(72);
    console.log(`\n${bar}\nFLAKY: ${lines.length} test(s) failed and then passed on a retry (run ${result.status}). Fix them:`);
    for (const line of lines) console.log(`  FLAKY ${line}`);
    console.log(bar);
  }

  printsToStdio() {
    return false;
  }
}
