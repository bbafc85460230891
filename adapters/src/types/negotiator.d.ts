// negotiator ships no types, and @types/negotiator lacks the `preferred` option (the server's order among codings
// the client accepts equally); only what contentCoding.ts uses is declared.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
