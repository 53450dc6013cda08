// A JSON Schema as parsed from a snapshot or the canonical model: an object, or `true`/`false`.
export type JsonSchema = { [key: string]: unknown } | boolean;
