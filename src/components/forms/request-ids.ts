/**
 * The id of a request: the same while the visitor sends the same values again (a retry
 * after a failure), a new one as soon as any value differs or the last one went through.
 */
export function createRequestIds(newId: () => string = () => crypto.randomUUID()) {
  let last: { values: string; id: string } | undefined;
  return {
    idFor(values: Record<string, string>): string {
      const key = JSON.stringify(values);
      if (last?.values !== key) last = { values: key, id: newId() };
      return last.id;
    },
    /** After a successful send the next request is a new one. */
    reset() {
      last = undefined;
    },
  };
}
