/**
 * Runs once the webServer (the stack) answers: one line with how long the start took since Playwright
 * began, on stderr so a JSON report on stdout stays readable.
 */
export default function globalSetup(): void {
  process.stderr.write(`[e2e] stack up ${process.uptime().toFixed(1)} s after Playwright started\n`);
}
