import { stripVTControlCharacters } from "node:util";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// CI's log is read from its end: Playwright's line reporter prints a failure's error where it
// happened, hundreds of lines up, and only the names at the end. This reporter prints each failed
// test's first error again after everything, so the end of the log says why (decision 0077).

const MAX_CHARS = 3000;

export default class FailuresAtTheEnd implements Reporter {
  private failures: Array<{ title: string; error: string }> = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "passed" || result.status === "skipped" || result.status === test.expectedStatus) return;
    const error = result.errors[0];
    const text = stripVTControlCharacters(error?.message ?? error?.value ?? result.status);
    this.failures.push({ title: test.titlePath().filter(Boolean).join(" › "), error: text.slice(0, MAX_CHARS) });
  }

  onEnd(_result: FullResult): void {
    if (!this.failures.length) return;
    console.log(`\nWhy each failed test failed (${this.failures.length}):`);
    for (const failure of this.failures) console.log(`\n- ${failure.title}\n${failure.error.replace(/^/gm, "    ")}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
