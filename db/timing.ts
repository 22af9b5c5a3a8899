/**
 * Counts and times every statement a request sends to the database, so that each response can
 * say in its Server-Timing header how much database work it did (how N+1 queries are caught).
 */
export class QueryTimer {
  queries = 0;
  /** Round trips to the database: a batch of several statements is one. */
  roundTrips = 0;
  durationMs = 0;
  readonly startedAt = performance.now();
  /** Other Server-Timing entries, as written (`versions;desc="read"`). */
  readonly notes: string[] = [];

  note(entry: string) {
    if (!this.notes.includes(entry)) this.notes.push(entry);
  }

  async measure<T>(statements: number, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.queries += statements;
      this.roundTrips += 1;
      this.durationMs += performance.now() - start;
    }
  }

  /** `db;desc="N queries in R round trips";dur=<ms>, total;dur=<ms>`, then any notes. */
  header(): string {
    const total = performance.now() - this.startedAt;
    const noun = this.queries === 1 ? "query" : "queries";
    const trips = this.roundTrips === 1 ? "round trip" : "round trips";
    const notes = this.notes.map((entry) => `, ${entry}`).join("");
    return `db;desc="${this.queries} ${noun} in ${this.roundTrips} ${trips}";dur=${this.durationMs.toFixed(1)}, total;dur=${total.toFixed(1)}${notes}`;
  }
}
