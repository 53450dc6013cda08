// The steps `upstream add` and `upstream support` print last: the diff from the nearest supported
// release below (or, for a release older than all, to the oldest), `check --with` only for a
// version the spec does not support yet (after `add --overwrite` of a supported one it would exit 2).
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { nextSteps } from '../../generator/commands/upstream.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { REPO, supportedVersions } from '../next-release.ts';

const SOURCE = 'codex-app-server';
const paths = projectPaths(REPO); // read only
const versions = supportedVersions(SOURCE);
const steps = (version: string, supported: boolean) => nextSteps(paths, SOURCE, version, supported).join('\n');

describe('the next steps printed', () => {
  it('diff from the nearest supported release below, whether the new one is newest or between two', () => {
    const newer = semver.inc(versions.at(-1)!, 'patch')!;
    expect(steps(newer, false)).toContain(`eventmap diff ${SOURCE}@${versions.at(-1)} ${SOURCE}@${newer}`);
    const between = semver.inc(versions[0]!, 'patch')!;
    expect(steps(between, false)).toContain(`eventmap diff ${SOURCE}@${versions[0]} ${SOURCE}@${between}`);
  });

  it('for a release older than every supported one: the diff to the oldest', () => {
    const older = '0.0.1';
    expect(steps(older, false)).toContain(`eventmap diff ${SOURCE}@${older} ${SOURCE}@${versions[0]}`);
  });

  it('a version the spec supports (after --overwrite) gets generate and check, never check --with', () => {
    const text = steps(versions.at(-1)!, true);
    expect(text).not.toContain('--with');
    expect(text.indexOf('eventmap generate')).toBeLessThan(text.indexOf('eventmap check'));
    expect(steps(semver.inc(versions.at(-1)!, 'patch')!, false)).toContain('check --with');
  });
});
