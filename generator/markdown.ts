// Text from a snapshot or the spec inside a Markdown table (COVERAGE.md, check and diff reports):
// one line, no cell break, and code spans whose fence no backtick inside can close.
export function mdCell(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\|/g, '\\|');
}

export function mdCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return mdCell(`${fence}${pad}${text}${pad}${fence}`);
}
