/** The answers the drain gave (503 to a request that arrived after shutdown began), for the log level. */
const drainAnswers = new WeakSet<object>();

/** Marks a raw response as the drain's 503: expected during a deploy, logged at info, not error. */
export function markDrainAnswer(res: object): void {
  drainAnswers.add(res);
}

export function isDrainAnswer(res: object): boolean {
  return drainAnswers.has(res);
}
