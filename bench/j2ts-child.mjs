// json-schema-to-typescript alone, in its own process (as `eventmap generate` is): compile each
// schema file named on the command line, unformatted (format: false), as generate does.
// Plain JavaScript, so no transpiler start-up is charged to this side.
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { compile } from 'json-schema-to-typescript';

let bytes = 0;
for (const file of process.argv.slice(2)) {
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  // A file of definitions with no root type (the TypeScript-extracted sources): compile them all.
  const unreachableDefinitions =
    schema.type === undefined && schema.oneOf === undefined && schema.anyOf === undefined && schema.$ref === undefined;
  const ts = await compile(schema, basename(file, '.json'), {
    format: false,
    bannerComment: '',
    cwd: dirname(file),
    unreachableDefinitions,
  });
  bytes += ts.length;
}
process.stdout.write(`${bytes}\n`);
