// Codex tags numbers with Rust-flavoured formats (int32, uint64, ...). Ajv does not know them, and
// a format given as a function would need an import (`code.formats`) in the standalone module. So
// before compiling, each one becomes the `minimum`/`maximum` it stands for: plain comparisons in
// the generated code, and an error message that says which bound was broken.
//
// Every other format (uri, date-time, ...) is left as an annotation (`validateFormats: false`):
// the validators check what upstream promises structurally, not string grammars.

/** [minimum, maximum] per numeric format; `undefined` means no bound beyond being a number. */
export const NUMERIC_FORMATS: Record<string, [number | undefined, number | undefined]> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  // 64-bit bounds are not exact as JS numbers; JSON.parse has already rounded such values anyway.
  int64: [-9223372036854775808, 9223372036854775807],
  uint: [0, 18446744073709551615],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
  uint64: [0, 18446744073709551615],
  float: [-3.4028234663852886e38, 3.4028234663852886e38],
  double: [undefined, undefined],
};

/** `node` with a numeric `format` replaced by the tighter of its own bounds and the format's. */
export function numericFormatToRange(node: Record<string, unknown>): Record<string, unknown> {
  const format = node.format;
  if (typeof format !== 'string' || !(format in NUMERIC_FORMATS)) return node;
  const [min, max] = NUMERIC_FORMATS[format]!;
  const { format: _drop, ...rest } = node;
  if (min !== undefined) rest.minimum = typeof rest.minimum === 'number' ? Math.max(rest.minimum, min) : min;
  if (max !== undefined) rest.maximum = typeof rest.maximum === 'number' ? Math.min(rest.maximum, max) : max;
  return rest;
}
