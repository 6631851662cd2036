// A Vitest reporter that writes each test file's project and time, and each failed test and error
// outside a test, to a JSON file for the summary of scripts/test.mjs (Vitest's own JSON report does not
// say which project ran a file, and CI shows only the end of the output).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class DurationsReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? 'test-results/vitest-durations.json';
  }

  onTestRunEnd(testModules, unhandledErrors = []) {
    const firstLine = (error) => String(error?.message ?? error ?? '').split('\n')[0].slice(0, 300);
    const failures = [];
    for (const module of testModules) {
      const where = `${module.project.name} ${path.relative(process.cwd(), module.moduleId)}`;
      for (const error of module.errors?.() ?? []) failures.push(`${where}: ${firstLine(error)}`);
      for (const test of module.children.allTests('failed'))
        failures.push(`${where} > ${test.fullName}: ${firstLine(test.result().errors?.[0])}`);
    }
    for (const error of unhandledErrors) failures.push(`unhandled error: ${firstLine(error)}`);
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      return {
        project: module.project.name,
        file: path.relative(process.cwd(), module.moduleId),
        // Import of the file (its collection) plus its tests and hooks.
        ms: Math.round(diagnostic.collectDuration + diagnostic.duration),
        state: module.state(),
      };
    });
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify(files, null, 2));
    writeFileSync(this.outputFile.replace(/\.json$/, '-failures.json'), JSON.stringify(failures, null, 2));
  }
}
