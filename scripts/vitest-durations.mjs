// A Vitest reporter that writes each test file's project and time to a JSON file, for the summary of
// scripts/test.mjs (Vitest's own JSON report does not say which project ran a file).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class DurationsReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? 'test-results/vitest-durations.json';
  }

  onTestRunEnd(testModules) {
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
  }
}
