#!/bin/sh
# The "survives a bump" manual run (issue 15): copies this checkout's committed tree to a temp
# folder, vendors the newest supported codex-app-server snapshot again as its next patch version
# (provenance version set to match), adds that version to mapping-spec.yaml, regenerates, commits
# there (on the last commits of this checkout, for `diff --spec`), and runs the given vitest files (default: every file that reads the supported list).
# Usage: sh test/bump/vendor-patch.sh [vitest args...]   (removes the copy when done)
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/eventmap-bump-run-XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q && git fetch -q --depth 10 "$repo" HEAD && git checkout -q FETCH_HEAD # history: diff --spec HEAD~3
ln -s "$repo/node_modules" node_modules
node --input-type=module -e '
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import semver from "semver";
import { parse } from "yaml";
const spec = readFileSync("mapping-spec.yaml", "utf8");
const versions = parse(spec).sources["codex-app-server"].snapshots.map(String);
const newest = [...versions].sort(semver.compare).pop();
const next = semver.inc(newest, "patch");
const dir = `upstream-schemas/codex-app-server/${next}`;
cpSync(`upstream-schemas/codex-app-server/${newest}`, dir, { recursive: true });
const prov = JSON.parse(readFileSync(`${dir}/provenance.json`, "utf8"));
writeFileSync(`${dir}/provenance.json`, JSON.stringify({ ...prov, version: next }, null, 2) + "\n");
const line = `snapshots: [${versions.join(", ")}]`;
if (!spec.includes(line)) throw new Error(`no line ${line}`);
writeFileSync("mapping-spec.yaml", spec.replace(line, `snapshots: [${[...versions, next].join(", ")}]`));
console.error(`vendored codex-app-server ${newest} as ${next}`);
'
node bin/eventmap.js generate
git add -A && git -c user.name=t -c user.email=t@t -c commit.gpgsign=false commit -qm bump
node bin/eventmap.js check > /dev/null
if [ $# -eq 0 ]; then set -- $(grep -rlE "snapshots|listVersions|transcripts\(" test --include='*.test.ts'); fi
npx vitest run "$@"
