// Whether eventmap runs in CI. There generated/ is what is being verified, so nothing it says about
// itself (manifest.json's hashes and stage keys) is taken on trust: check takes no fast path, and
// generate reuses none of its files (`generate && git diff --exit-code` stays a sound gate).
/** CI services set CI (GitHub Actions, GitLab, CircleCI, Travis, Buildkite...); `CI=false` or `0` is off. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}
